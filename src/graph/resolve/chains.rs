//! What a Rust method chain evaluates to (`AhoCorasick::builder().kind(k).build(p)?`), read
//! link by link off the declared return types. `Option` and `Result` are types of their
//! own (`types::RUST_OPAQUE`): a method called on one is the standard library's, and only
//! `?`, `unwrap`, `expect` and their kin give the value inside; of a `RefCell` or a
//! `Mutex`, `borrow_mut()` and `lock().unwrap()` do.

use crate::graph::resolve::calls::{LocalBindings, Receiver};
use crate::graph::resolve::contextual::Nesting;
use crate::graph::resolve::{Resolver, types};
use crate::lang::Family;
use crate::parse::BindingSource;

/// Methods that give the value inside an `Option` or a `Result`.
const UNWRAPPING: &[&str] = &[
    "expect",
    "unwrap",
    "unwrap_or",
    "unwrap_or_default",
    "unwrap_or_else",
    "unwrap_unchecked",
];

/// Methods of a cell (`RefCell`, `Cell`) that give the value inside it (or a guard that
/// derefs to it): `self.builder.borrow_mut().add(…)` calls the builder's `add`.
const CELL_ACCESS: &[&str] = &["borrow", "borrow_mut", "get_mut", "into_inner"];

/// Methods of a lock (`Mutex`, `RwLock`) or a cell that give a `Result` of a guard of the
/// value inside: still wrapped, until `unwrap` and its kin.
const LOCKING: &[&str] = &[
    "lock",
    "read",
    "try_borrow",
    "try_borrow_mut",
    "try_lock",
    "try_read",
    "try_write",
    "write",
];

/// Methods of an `Option` or a `Result` that give one holding the same value
/// (`from_ts(n).ok_or(E)?` is what `from_ts` wraps).
const WRAPPED_KEPT: &[&str] = &[
    "cloned",
    "copied",
    "filter",
    "inspect",
    "map_err",
    "ok",
    "ok_or",
    "ok_or_else",
    "or",
    "or_else",
    "take",
];

/// Methods that give a value of their receiver's own type (or a reference to it).
const SAME_TYPE: &[&str] = &[
    "as_mut",
    "as_ref",
    "borrow",
    "borrow_mut",
    "by_ref",
    "clone",
    "deref",
    "deref_mut",
    "to_owned",
];

/// Methods of a collection or an iterator that give an `Option` of one of its elements
/// (`stack.pop()`, `xs.first()`, `items.iter().next()`).
const ELEMENT_GETTERS: &[&str] = &[
    "back",
    "first",
    "first_mut",
    "front",
    "get",
    "get_mut",
    "last",
    "last_mut",
    "next",
    "next_back",
    "peek",
    "pop",
    "pop_back",
    "pop_front",
];

/// Links of a chain followed before giving up (a chain is read from its end inwards).
const MAX_LINKS: u32 = 12;
/// Chains read while reading a chain (through the bindings of its names).
const MAX_NESTED: u32 = 2;
/// Most bindings a name may have for those that are chains to be read.
pub(super) const MAX_CHAINED_BINDINGS: usize = 4;

/// What a chain holds: instances of `classes`, or (`wrapped`) an `Option` or `Result` of
/// them.
pub(super) struct ChainValue {
    pub(super) classes: Vec<u32>,
    pub(super) wrapped: bool,
}

impl ChainValue {
    fn of(classes: Vec<u32>) -> ChainValue {
        ChainValue {
            classes,
            wrapped: false,
        }
    }

    /// Each class once, in order.
    fn settled(mut self) -> ChainValue {
        self.classes.sort_unstable();
        self.classes.dedup();
        self
    }
}

impl Resolver {
    /// The value of a Rust expression that ends in a call or a `?`, when its links can be
    /// read: `None` for anything else (a plain name, a call whose callee is unknown).
    pub(super) fn chain_value(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Option<ChainValue> {
        if self.family(file) != Family::Rust {
            return None;
        }
        // A binding typed by a chain reads the chain's names, whose bindings may be
        // chains in turn (`let node = node.next()?`): a few levels, no further.
        let _nested = Nesting::enter(MAX_NESTED)?;
        self.chain_link(file, caller, text.trim(), locals, 0)
    }

    /// The receiver a chain stands for when a method is called on it.
    pub(super) fn chain_receiver(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Option<Receiver> {
        let text = text.trim();
        if !is_chain(text) {
            return None;
        }
        let value = self.chain_value(file, caller, text, locals)?;
        Some(if value.wrapped {
            Receiver::External
        } else {
            Receiver::some_of(value.classes)
        })
    }

    fn chain_link(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
        depth: u32,
    ) -> Option<ChainValue> {
        if depth > MAX_LINKS {
            return None;
        }
        if let Some(inner) = text.strip_suffix('?') {
            let value = self.chain_link(file, caller, inner.trim_end(), locals, depth + 1)?;
            return Some(ChainValue::of(value.classes));
        }
        let open = opening_paren(text)?;
        let callee = strip_turbofish(text[..open].trim_end());
        let Some((receiver, method)) = callee.rsplit_once('.') else {
            return self.chain_path_call(file, caller, callee);
        };
        if method.is_empty() || !method.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let receiver = receiver.trim_end();
        if ELEMENT_GETTERS.contains(&method) {
            let elements = self.element_type(file, caller, receiver, Some(locals));
            if !elements.is_empty() {
                return Some(ChainValue {
                    classes: elements,
                    wrapped: true,
                });
            }
        }
        let owner = self.link_value(file, caller, receiver, locals, depth)?;
        // A method the project defines on the type is the one called, as rustc looks up
        // inherent and in-scope trait methods before a deref or a std blanket impl:
        // `self.as_ref()` on a type whose own `as_ref` gives a `TimeZoneRef` is no `Self`.
        // Where it declares a type parameter (`unwrap` of a project's own
        // `LocalResult<T>`), the standard reading below stands.
        let defined = if owner.wrapped {
            None
        } else {
            self.defined_returns(&owner.classes, method)
        };
        if let Some((value, false)) = defined {
            return Some(value);
        }
        if UNWRAPPING.contains(&method) || owner.wrapped && CELL_ACCESS.contains(&method) {
            return Some(ChainValue::of(owner.classes));
        }
        if SAME_TYPE.contains(&method) || owner.wrapped && LOCKING.contains(&method) {
            return Some(owner);
        }
        if owner.wrapped && WRAPPED_KEPT.contains(&method) {
            return Some(owner);
        }
        if owner.wrapped {
            // `map`, `and_then`: the standard library's, giving what we cannot tell.
            return None;
        }
        Some(defined.map_or_else(|| ChainValue::of(Vec::new()), |(value, _)| value))
    }

    /// What the project's methods `method` of `classes` declare they return, and whether
    /// one declares a type parameter (which only the receiver's type arguments tell);
    /// `None` when none of the classes has such a method.
    fn defined_returns(&self, classes: &[u32], method: &str) -> Option<(ChainValue, bool)> {
        let mut out = ChainValue::of(Vec::new());
        let mut found_any = false;
        let mut generic = false;
        for &class in classes {
            let Some((methods, _)) = self.class_member(class, method) else {
                continue;
            };
            for found in methods {
                found_any = true;
                generic |= self
                    .declared_return(found)
                    .and_then(types::clean)
                    .is_some_and(|t| is_type_parameter(&t));
                self.add_returned(&mut out, found, Some(class));
            }
        }
        found_any.then(|| (out.settled(), generic))
    }

    /// Adds what `callee` declares it returns; `Self` is `receiver`, the class the method
    /// was looked up on (a trait's method returning `Self` returns the implementing type).
    fn add_returned(&self, out: &mut ChainValue, callee: u32, receiver: Option<u32>) {
        let Some(returns) = self.declared_return(callee) else {
            return;
        };
        out.wrapped |= types::opaque_in_rust(returns);
        if let Some(class) = receiver
            && types::clean(returns).as_deref() == Some("Self")
        {
            out.classes.push(class);
        } else if let Some((callee_file, symbol)) = self.origin[callee as usize] {
            out.classes
                .extend(self.resolve_type(callee_file, Some(symbol), returns));
        }
    }

    /// What a chain's receiver holds: a chain of its own, or a name, field or `self`.
    fn link_value(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
        depth: u32,
    ) -> Option<ChainValue> {
        if is_chain(text) {
            return self.chain_link(file, caller, text, locals, depth + 1);
        }
        match self.receiver(file, caller, text, locals) {
            Receiver::Instance { classes, .. } => Some(ChainValue::of(classes)),
            _ => self.declared_wrapped(file, caller, text, locals),
        }
    }

    /// A name or field chain declared an `Option`, a `Result`, a cell or a lock of project
    /// classes (`quitset: Option<ByteSet>`, `self.config.quitset`, `builder: RefCell<B>`),
    /// or a name bound to a call returning one: what it wraps, still wrapped, so that only
    /// `unwrap` and its kin (or `?`, `borrow_mut()`) reach the classes.
    fn declared_wrapped(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Option<ChainValue> {
        let (owner, last) = match text.rsplit_once('.') {
            Some((owner, last)) => (Some(owner), last),
            None => (None, text),
        };
        if last.is_empty() || !last.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let mut classes = Vec::new();
        match owner {
            None => {
                for binding in self.innermost_bindings(file, caller, last, locals)?.iter() {
                    if binding.annotated() && types::opaque_in_rust(&binding.type_text) {
                        classes.extend(self.resolve_type(file, binding.scope, &binding.type_text));
                    } else if binding.source == BindingSource::Call
                        && head(&binding.type_text) != binding.name
                        && let Some(value) = self.called_value(file, binding, locals)
                        && value.wrapped
                    {
                        // `let d = NaiveDate::from_ymd_opt(…)`: an `Option` of what it
                        // declares.
                        classes.extend(value.classes);
                    }
                }
            }
            Some(owner) => {
                let Receiver::Instance {
                    classes: owners, ..
                } = self.receiver(file, caller, owner, locals)
                else {
                    return None;
                };
                for (field_file, binding) in self.field_bindings(&owners, last) {
                    if binding.annotated() && types::opaque_in_rust(&binding.type_text) {
                        classes.extend(self.resolve_type(
                            field_file,
                            binding.scope,
                            &binding.type_text,
                        ));
                    }
                }
            }
        }
        (!classes.is_empty()).then(|| {
            ChainValue {
                classes,
                wrapped: true,
            }
            .settled()
        })
    }

    /// The classes an expression's `Option`, `Result`, cell or lock holds (`it.next()`,
    /// `self.first`): nothing where the expression holds no such wrapper.
    pub(super) fn held_in_wrapper(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Vec<u32> {
        let value = if is_chain(text) {
            self.chain_value(file, caller, text, locals)
        } else {
            self.declared_wrapped(file, caller, text, locals)
        };
        value
            .filter(|value| value.wrapped)
            .map_or_else(Vec::new, |value| value.classes)
    }

    /// What a name bound to a call holds: the chain it was given, or what its callee (a
    /// plain path, `NaiveDate::from_ymd_opt`) declares it returns.
    fn called_value(
        &self,
        file: u32,
        binding: &crate::parse::Binding,
        locals: &LocalBindings<'_>,
    ) -> Option<ChainValue> {
        if is_chain(&binding.type_text) {
            self.chain_value(file, binding.scope, &binding.type_text, locals)
        } else {
            self.chain_path_call(file, binding.scope, &binding.type_text)
        }
    }

    /// A call of a plain path (`Foo::new`, `make`, `Self::open`): a tuple struct it
    /// constructs, or its callee's declared return type.
    fn chain_path_call(&self, file: u32, caller: Option<u32>, path: &str) -> Option<ChainValue> {
        if path.is_empty() || path.contains(['(', ')', '[', ' ', '\n', '"', '\'', '<', '.']) {
            return None;
        }
        let mut out = ChainValue::of(Vec::new());
        let callees = self.resolve_path(file, caller, path);
        if callees.is_empty() {
            return None;
        }
        for callee in callees {
            if self.is_class(callee) {
                out.classes.push(callee);
            } else {
                self.add_returned(&mut out, callee, None);
            }
        }
        Some(out.settled())
    }

    /// The project functions the last link of a Rust chain calls (`self.classes.get(b)`:
    /// `ByteClasses::get`; `make(x)`: `make`), whose declared return types say what the
    /// chain holds where that is no project type (`u8`).
    pub(super) fn last_link_callees(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Vec<u32> {
        let Some(_nested) = Nesting::enter(MAX_NESTED) else {
            return Vec::new();
        };
        let text = text.trim();
        let Some(open) = opening_paren(text) else {
            return Vec::new();
        };
        let callee = strip_turbofish(text[..open].trim_end());
        let Some((receiver, method)) = callee.rsplit_once('.') else {
            if callee.contains(['(', ')', '[', ' ', '\n', '"', '\'', '<', '.']) {
                return Vec::new();
            }
            return self.resolve_path(file, caller, callee);
        };
        let Some(owner) = self.link_value(file, caller, receiver.trim_end(), locals, 0) else {
            return Vec::new();
        };
        if owner.wrapped {
            return Vec::new();
        }
        owner
            .classes
            .iter()
            .filter_map(|&class| self.class_member(class, method))
            .flat_map(|(found, _)| found)
            .collect()
    }

    /// What the project functions the last link of a Rust chain calls declare they return,
    /// each with the file and symbol it is declared in (where its type names resolve).
    pub(super) fn last_link_returns(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Vec<(u32, u32, &str)> {
        self.last_link_callees(file, caller, text, locals)
            .into_iter()
            .filter_map(|callee| {
                let (callee_file, symbol) = self.origin[callee as usize]?;
                Some((callee_file, symbol, self.declared_return(callee)?))
            })
            .collect()
    }

    /// The return type a function or method node declares.
    pub(super) fn declared_return(&self, node: u32) -> Option<&str> {
        let (file, symbol) = self.origin[node as usize]?;
        let declared = &self.facts[file as usize].symbols[symbol as usize];
        declared
            .detail
            .as_deref()
            .filter(|_| declared.kind.is_function_like())
    }
}

/// Whether a Rust expression as written ends in a call or a `?`.
pub(super) fn is_chain(text: &str) -> bool {
    let text = text.trim_end();
    text.ends_with(')') || text.ends_with('?')
}

/// The name a chain starts from: `input` in `input.next()?`, `Foo` in `Foo::new(x)`.
pub(super) fn head(text: &str) -> &str {
    let text = text.trim_start();
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// Where the parenthesis that closes `text` opened (`text` must end with `)`).
pub(super) fn opening_paren(text: &str) -> Option<usize> {
    if !text.ends_with(')') {
        return None;
    }
    let mut depth = 0usize;
    for (at, c) in text.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// `collect::<Vec<_>>` → `collect`.
fn strip_turbofish(callee: &str) -> &str {
    match callee.find("::<") {
        Some(at) if callee.ends_with('>') => &callee[..at],
        _ => callee,
    }
}

/// Whether a Rust type as written is a type parameter by the usual spelling: one capital,
/// perhaps numbered (`T`, `U`, `T2`).
fn is_type_parameter(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::{opening_paren, strip_turbofish};

    #[test]
    fn a_chains_last_call_is_found_from_its_end() {
        let text = "A::builder().kind(f(1)).build(x)";
        assert_eq!(
            opening_paren(text).map(|at| &text[..at]),
            Some("A::builder().kind(f(1)).build")
        );
        assert_eq!(opening_paren("a.b"), None);
        assert_eq!(opening_paren("a)"), None);
        assert_eq!(strip_turbofish("it.collect::<Vec<_>>"), "it.collect");
        assert_eq!(strip_turbofish("Foo::new"), "Foo::new");
        assert_eq!(super::head("input.next()?"), "input");
        assert_eq!(super::head("Foo::new(x)"), "Foo");
        assert!(super::is_chain("a.b()?") && !super::is_chain("Foo::new"));
    }
}
