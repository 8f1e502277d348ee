//! Type text as written → the name to look up: `&mut Arc<Foo<T>>` → `Foo`,
//! `Optional["Foo"]` → `Foo`, `Foo | null` → `Foo`.

/// Generic wrappers whose first argument is the interesting type.
const WRAPPERS: &[&str] = &[
    "Box",
    "Arc",
    "Rc",
    "Option",
    "Result",
    "RefCell",
    "Cell",
    "Mutex",
    "RwLock",
    "Optional",
    "Promise",
    "Readonly",
    "typing.Optional",
    "Type",
    "type",
    "ClassVar",
    "Final",
    "Annotated",
];
const NULLS: &[&str] = &["None", "null", "undefined", "void"];

/// Built-in types whose methods are never the project's, by language family.
const PYTHON_BUILTINS: &[&str] = &[
    "Any", "Callable", "Dict", "Iterable", "Iterator", "List", "Mapping", "Sequence", "Set",
    "Tuple", "bool", "bytes", "dict", "float", "int", "list", "object", "set", "str", "tuple",
];
const ECMA_BUILTINS: &[&str] = &[
    "Array", "Date", "Error", "Map", "Record", "RegExp", "Set", "WeakMap", "any", "bigint",
    "boolean", "number", "object", "string", "symbol", "unknown",
];

/// Whether `name` is one of a language's built-in types.
pub fn is_builtin_type(family: crate::lang::Family, name: &str) -> bool {
    match family {
        crate::lang::Family::Python => PYTHON_BUILTINS.binary_search(&name).is_ok(),
        crate::lang::Family::Ecma => ECMA_BUILTINS.binary_search(&name).is_ok(),
        crate::lang::Family::Rust => false,
    }
}

/// Rust wrappers with methods of their own: a method called on an `Option<Foo>` value is
/// `Option`'s (`take`, `map`), never `Foo`'s, since Rust does not look through them.
const RUST_OPAQUE: &[&str] = &["Cell", "Mutex", "Option", "RefCell", "Result", "RwLock"];

/// A Rust type as written without the references around it (`&'a mut T` → `T`).
fn without_borrow(text: &str) -> &str {
    let mut t = text.trim();
    loop {
        let before = t;
        t = t.trim_start_matches('&').trim_start();
        if t.starts_with('\'') {
            t = t.split_once(' ').map_or("", |(_, rest)| rest);
        }
        t = t.strip_prefix("mut ").unwrap_or(t).trim_start();
        if t == before {
            return t;
        }
    }
}

/// Whether a Rust type as written is one of `RUST_OPAQUE` (after references).
pub fn opaque_in_rust(text: &str) -> bool {
    let t = without_borrow(text);
    let head = t.split('<').next().unwrap_or(t).trim();
    let last = head.rsplit("::").next().unwrap_or(head);
    t.contains('<') && RUST_OPAQUE.contains(&last)
}

pub fn clean(text: &str) -> Option<String> {
    let mut t = text.trim();
    for _ in 0..8 {
        t = t.trim().trim_matches(|c| c == '"' || c == '\'');
        loop {
            let before = t;
            t = t.trim_start_matches('&').trim_start();
            if t.starts_with('\'') {
                t = t.split_once(' ').map_or("", |(_, rest)| rest);
            }
            for prefix in ["mut ", "dyn ", "impl ", "const ", "readonly ", "typeof "] {
                t = t.strip_prefix(prefix).unwrap_or(t);
            }
            if t == before {
                break;
            }
        }
        if let Some(first) = first_union_member(t) {
            t = first;
        }
        let open = t.find(['<', '[']);
        match open {
            Some(at) => {
                let head = t[..at].trim();
                let close = t.rfind(['>', ']']).filter(|&c| c > at).unwrap_or(t.len());
                let inner = &t[at + 1..close];
                if WRAPPERS.contains(&head) {
                    t = first_argument(inner);
                    continue;
                }
                t = head;
            }
            None => break,
        }
    }
    let t = t.trim().trim_end_matches('?').trim();
    let valid = !t.is_empty()
        && t.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == ':' || c == '$');
    valid.then(|| t.to_string())
}

/// Whether a type as written is a class rather than an instance of it: `type[X]`,
/// `Type[X]`, `typing.Type[X]`, also optional.
pub fn names_a_class_object(text: &str) -> bool {
    let mut t = text.trim().trim_matches(|c| c == '"' || c == '\'');
    for head in ["Optional[", "typing.Optional[", "t.Optional["] {
        if let Some(inner) = bracketed(t, head) {
            t = inner;
        }
    }
    let head = t.split('[').next().unwrap_or("").trim();
    t.contains('[') && matches!(head.rsplit('.').next(), Some("type" | "Type"))
}

/// `head[inner]` → `inner`.
fn bracketed<'t>(t: &'t str, head: &str) -> Option<&'t str> {
    t.strip_prefix(head)
        .and_then(|rest| rest.strip_suffix(']'))
        .map(str::trim)
}

/// Most members of a union a receiver is typed by; a longer union is too vague to name.
const MAX_UNION: usize = 4;

/// The members of a union type, nulls left out: `A | B | null`, `Union[A, B]` and
/// `Optional[Union[A, B]]` → `[A, B]`. Anything else, or a union past `MAX_UNION`
/// members, is one member: the text itself.
pub fn union_members(text: &str) -> Vec<&str> {
    let mut t = text.trim().trim_matches(|c| c == '"' || c == '\'');
    let mut members = Vec::new();
    for _ in 0..4 {
        if let Some(rest) = bracketed(t, "Optional[").or_else(|| bracketed(t, "typing.Optional[")) {
            t = rest;
            continue;
        }
        if let Some(rest) = bracketed(t, "Union[").or_else(|| bracketed(t, "typing.Union[")) {
            members = split_top_level(rest).collect();
        } else {
            members = split_top_level_by(t, '|').collect();
        }
        break;
    }
    members.retain(|m| !NULLS.contains(m));
    if members.len() < 2 || members.len() > MAX_UNION {
        return vec![text];
    }
    members
}

fn first_union_member(t: &str) -> Option<&str> {
    if !t.contains('|') || t.contains(['<', '[']) && t.find('|') > t.find(['<', '[']) {
        return None;
    }
    t.split('|')
        .map(str::trim)
        .find(|part| !NULLS.contains(part) && !part.is_empty())
}

fn first_argument(inner: &str) -> &str {
    let mut depth = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => return &inner[..i],
            _ => {}
        }
    }
    inner
}

/// The type of parameter `index` (`this` not counted) of a function type as written:
/// `(source: Observable<T>, subscriber: Subscriber<R>) => void`, 1 → `Subscriber<R>`. A
/// function type in parentheses or a union (`((v: T) => void) | null`) counts too; a
/// named type (an alias) does not, since its parameters are written elsewhere.
pub fn function_parameter(text: &str, index: u8) -> Option<&str> {
    let mut t = text.trim();
    for _ in 0..4 {
        if let Some(first) = first_union_member(t) {
            t = first;
        }
        let open = t.find('(').filter(|&at| at == 0)?;
        let close = closing(t, open)?;
        let rest = t[close + 1..].trim_start();
        if rest.starts_with("=>") {
            return split_top_level(&t[open + 1..close])
                .filter(|part| {
                    !part.starts_with("this") || !part[4..].trim_start().starts_with(':')
                })
                .nth(usize::from(index))
                .and_then(|part| part.split_once(':'))
                .map(|(_, ty)| ty.trim())
                .filter(|ty| !ty.is_empty());
        }
        // `(… => …)` around the whole type: look inside.
        t = t[open + 1..close].trim();
    }
    None
}

/// The type of parameter `index` of a Rust callback type as written (`impl FnMut(NaiveDate)
/// -> bool`, `&dyn Fn(&Value)`, `Box<dyn Fn(u8, &str) + Send>`, a bound `F: FnOnce(Self)`):
/// 0 → `NaiveDate`. `None` for any other type (a named one says nothing of its parameters).
pub fn rust_callback_parameter(text: &str, index: u8) -> Option<&str> {
    let mut t = text.trim();
    loop {
        let before = t;
        t = without_borrow(t);
        for prefix in ["dyn ", "impl "] {
            t = t.strip_prefix(prefix).unwrap_or(t).trim_start();
        }
        if let Some(inner) = t.strip_prefix("Box<").and_then(|r| r.strip_suffix('>')) {
            t = inner.trim();
        }
        if let Some(rest) = t.strip_prefix("for<") {
            t = rest
                .split_once('>')
                .map_or("", |(_, after)| after)
                .trim_start();
        }
        if t == before {
            break;
        }
    }
    let open = t.find('(')?;
    let head = t[..open].rsplit('+').next()?.trim();
    if !matches!(head.rsplit("::").next(), Some("Fn" | "FnMut" | "FnOnce")) {
        return None;
    }
    let close = closing(t, open)?;
    split_top_level(&t[open + 1..close]).nth(usize::from(index))
}

/// Iterable types of one element type (`Map` iterates pairs, so is not one).
const ITERABLES: &[&str] = &[
    "Array",
    "AsyncIterable",
    "AsyncIterableIterator",
    "Iterable",
    "IterableIterator",
    "Iterator",
    "ReadonlyArray",
    "ReadonlySet",
    "Set",
    // Rust's collections of one element type.
    "Vec",
    "VecDeque",
    "HashSet",
    "BTreeSet",
    "BinaryHeap",
    "LinkedList",
];

/// The element type of an array, set or iterable type as written: `User[]`, `readonly
/// User[]`, `Array<User>`, `Set<User>`, and Rust's `&[User]`, `[User; 4]`, `Vec<User>`,
/// `Box<[User]>` → `User`.
pub fn element_of(text: &str) -> Option<&str> {
    // Rust's references are iterated as what they borrow (`&'a mut [T]` as `[T]`).
    let (_, t) = crate::parse::facts::Borrow::split(text);
    let t = t.strip_prefix("readonly ").unwrap_or(t).trim();
    if let Some(inner) = t.strip_suffix("[]") {
        return Some(inner.trim());
    }
    if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        // A Rust slice or array (`[T]`, `[T; 4]`); a TypeScript tuple of several is not.
        let element = match inner.rfind(';') {
            Some(semi) => &inner[..semi],
            None if first_argument(inner).len() < inner.len() => return None,
            None => inner,
        };
        return Some(element.trim());
    }
    let open = t.find('<')?;
    let inner = t[open + 1..].strip_suffix('>')?;
    let argument = first_argument(inner).trim();
    // What a box or a small vector holds: `Box<[T]>`, `SmallVec<[T; 4]>`.
    if matches!(t[..open].trim(), "Box" | "SmallVec") {
        return element_of(argument);
    }
    ITERABLES.contains(&t[..open].trim()).then_some(argument)
}

/// The type arguments of a generic type as written: `Repo<User, Key>` → `User`, `Key`.
pub fn type_arguments(text: &str) -> Vec<&str> {
    let t = text.trim();
    let Some(open) = t.find('<') else {
        return Vec::new();
    };
    match t[open + 1..].strip_suffix('>') {
        Some(inner) => split_top_level(inner).collect(),
        None => Vec::new(),
    }
}

/// A Rust path with its type arguments left out: `DateTime::<Utc>` → `DateTime`,
/// `<DateTime<Utc>>` → `DateTime`, `a::B::<T>::C` → `a::B::C`. A qualified path naming a
/// trait (`<T as Trait>`) is kept as written.
pub fn path_without_arguments(path: &str) -> std::borrow::Cow<'_, str> {
    let mut t = path.trim();
    if t.contains(" as ") {
        return std::borrow::Cow::Borrowed(t);
    }
    if t.starts_with('<') && t.ends_with('>') {
        t = t[1..t.len() - 1].trim();
    }
    if !t.contains('<') {
        return std::borrow::Cow::Borrowed(t);
    }
    let mut out = String::with_capacity(t.len());
    let mut depth = 0usize;
    for c in t.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    while out.contains("::::") {
        out = out.replace("::::", "::");
    }
    std::borrow::Cow::Owned(out.trim_end_matches("::").to_string())
}

/// Where the bracket opened at byte `open` closes, counting all bracket kinds.
fn closing(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' | '<' | '[' | '{' => depth += 1,
            // `=>` and `->` close nothing.
            ')' | '>' | ']' | '}' if !text[..open + i].ends_with(['=', '-']) => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` split at the commas outside any brackets, each part trimmed.
fn split_top_level(text: &str) -> impl Iterator<Item = &str> {
    split_top_level_by(text, ',')
}

/// `text` split at `separator` outside any brackets, each part trimmed.
fn split_top_level_by(text: &str, separator: char) -> impl Iterator<Item = &str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        match c {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '>' if i == 0 || bytes[i - 1] != b'=' => depth -= 1,
            c if c == separator && depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts.into_iter().filter(|p| !p.is_empty())
}

#[cfg(test)]
mod tests {
    use super::clean;

    #[test]
    fn a_rust_callbacks_parameters_are_read_off_its_fn_type() {
        use super::rust_callback_parameter as param;
        assert_eq!(param("impl FnMut(NaiveDate) -> bool", 0), Some("NaiveDate"));
        assert_eq!(param("&dyn Fn(u8, &Value)", 1), Some("&Value"));
        assert_eq!(param("&'a mut dyn FnMut(u8)", 0), Some("u8"));
        assert_eq!(param("Box<dyn Fn(Date) -> i32 + Send>", 0), Some("Date"));
        assert_eq!(param("Send + Fn(Date)", 0), Some("Date"));
        assert_eq!(
            param("for<'a> Fn(&'a Date) -> Option<Box<dyn Fn() -> u8>>", 0),
            Some("&'a Date")
        );
        assert_eq!(param("std::ops::FnOnce(Self)", 0), Some("Self"));
        assert_eq!(param("Fn(Date)", 1), None);
        assert_eq!(param("Callback(Date)", 0), None);
        assert_eq!(param("F", 0), None);
    }

    #[test]
    fn a_paths_type_arguments_are_left_out() {
        use super::path_without_arguments as plain;
        assert_eq!(plain("DateTime::<Utc>"), "DateTime");
        assert_eq!(plain("<DateTime<Utc>>"), "DateTime");
        assert_eq!(plain("a::B::<T, U<V>>::C"), "a::B::C");
        assert_eq!(plain("crate::Foo"), "crate::Foo");
        assert_eq!(plain("<T as Trait>"), "<T as Trait>");
    }

    #[test]
    fn an_iterables_element_type_is_read_off_it() {
        use super::element_of;
        assert_eq!(element_of("User[]"), Some("User"));
        assert_eq!(element_of("readonly User[]"), Some("User"));
        assert_eq!(element_of("Array<Repo<User>>"), Some("Repo<User>"));
        assert_eq!(element_of("Set<User>"), Some("User"));
        assert_eq!(element_of("Map<string, User>"), None);
        assert_eq!(element_of("User"), None);
        assert_eq!(
            super::type_arguments("Repo<User, Map<K, V>>"),
            ["User", "Map<K, V>"]
        );
        assert!(super::type_arguments("Repo").is_empty());
    }

    #[test]
    fn a_function_types_parameters_are_read_in_place() {
        use super::function_parameter as param;
        let operate =
            "(liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void";
        assert_eq!(param(operate, 0), Some("Observable<T>"));
        assert_eq!(param(operate, 1), Some("Subscriber<R>"));
        assert_eq!(param(operate, 2), None);
        let this = "(this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic";
        assert_eq!(param(this, 0), Some("Subscriber<T>"));
        assert_eq!(
            param("((value: Map<K, V>, n?: Num) => void) | null", 1),
            Some("Num")
        );
        assert_eq!(param("(cb: (x: A) => B, y: C) => void", 1), Some("C"));
        assert_eq!(param("OperatorFunction<T, R>", 0), None);
        assert_eq!(param("(a: A)", 0), None);
    }

    #[test]
    fn builtin_type_tables_are_sorted() {
        assert!(super::PYTHON_BUILTINS.windows(2).all(|w| w[0] < w[1]));
        assert!(super::ECMA_BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_class_object_is_told_from_an_instance() {
        use super::names_a_class_object;
        assert!(names_a_class_object("type[FlaskClient] | None"));
        assert!(names_a_class_object("t.Optional[t.Type[Client]]"));
        assert!(names_a_class_object("typing.Type[Client]"));
        assert!(!names_a_class_object("Client"));
        assert!(!names_a_class_object("TypeAdapter[Client]"));
        assert!(!names_a_class_object("list[type[Client]]"));
    }

    #[test]
    fn a_unions_members_are_listed_without_nulls() {
        use super::union_members;
        assert_eq!(
            union_members("Circle | Square | null"),
            ["Circle", "Square"]
        );
        assert_eq!(union_members("Union[Circle, Square]"), ["Circle", "Square"]);
        assert_eq!(
            union_members("Optional[Union[a.Circle, Square]]"),
            ["a.Circle", "Square"]
        );
        assert_eq!(union_members("Circle | None"), ["Circle | None"]);
        assert_eq!(union_members("Map<K, A | B>"), ["Map<K, A | B>"]);
        assert_eq!(union_members("(a: A | B) => void"), ["(a: A | B) => void"]);
        assert_eq!(union_members("A | B | C | D | E"), ["A | B | C | D | E"]);
    }

    #[test]
    fn wrappers_references_and_unions_are_peeled() {
        assert_eq!(clean("&mut Arc<Foo<T>>").as_deref(), Some("Foo"));
        assert_eq!(clean("Optional[\"Foo\"]").as_deref(), Some("Foo"));
        assert_eq!(clean("Foo | null").as_deref(), Some("Foo"));
        assert_eq!(clean("None | pkg.Foo").as_deref(), Some("pkg.Foo"));
        assert_eq!(
            clean("Result<crate::a::Db, Error>").as_deref(),
            Some("crate::a::Db")
        );
        assert_eq!(clean("&'a dyn Store").as_deref(), Some("Store"));
        assert_eq!(clean("Promise<Svc>").as_deref(), Some("Svc"));
        assert_eq!(clean("(a: number) => void"), None);
    }

    #[test]
    fn rust_option_and_cells_are_types_of_their_own() {
        use super::opaque_in_rust;
        assert!(opaque_in_rust("Option<Value>"));
        assert!(opaque_in_rust("&'a mut std::cell::RefCell<Foo>"));
        assert!(!opaque_in_rust("Box<Foo>"));
        assert!(!opaque_in_rust("Arc<Mutex2>"));
        assert!(!opaque_in_rust("Option"));
    }
}
