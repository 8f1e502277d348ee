//! Python's builtins and the library functions whose effect on values the pass knows: which
//! arguments they call, what they give back. Everything else outside the project returns an
//! opaque external value.

/// What calling a known external does to the values it is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effect {
    /// Calls its first argument with the elements of the rest (`map`, `filter`, `reduce`);
    /// `keep` says whether it returns those elements (`filter`) or the calls' results.
    CallsFirst {
        keep: bool,
    },
    /// Calls its `key=` argument with the elements of the first (`sorted`, `min`, `max`).
    CallsKey {
        one: bool,
    },
    /// A new container of its arguments' elements (`list(xs)`, `zip(a, b)`).
    Collects,
    /// A new dict of its keyword arguments and its argument's items.
    Dict,
    /// One element of its argument (`next(it)`).
    Element,
    /// Gives back its first argument (`functools.partial(f, …)`, `copy.copy(x)`).
    Identity,
    /// Gives back its second argument (`typing.cast(T, value)`).
    Second,
    /// Gives back nothing: an `@overload` stub is replaced by the definition after it.
    Nothing,
    /// `getattr(obj, "name")`.
    GetAttr,
    /// `super()` / `super(C, self)`.
    Super,
    /// `type(x)`: the class of an instance.
    TypeOf,
    /// Calls this method of an instance given as its first argument (`len(x)` calls
    /// `x.__len__()`); what it gives back is the library's.
    Dunder(&'static str),
    Static,
    ClassMethod,
    Property,
}

/// Known externals by qualified name (builtins under `builtins.`).
pub(super) const EFFECTS: &[(&str, Effect)] = &[
    ("builtins.abs", Effect::Dunder("__abs__")),
    ("builtins.bool", Effect::Dunder("__bool__")),
    ("builtins.classmethod", Effect::ClassMethod),
    ("builtins.dict", Effect::Dict),
    ("builtins.enumerate", Effect::Collects),
    ("builtins.filter", Effect::CallsFirst { keep: true }),
    ("builtins.format", Effect::Dunder("__format__")),
    ("builtins.frozenset", Effect::Collects),
    ("builtins.getattr", Effect::GetAttr),
    ("builtins.hash", Effect::Dunder("__hash__")),
    ("builtins.iter", Effect::Collects),
    ("builtins.len", Effect::Dunder("__len__")),
    ("builtins.list", Effect::Collects),
    ("builtins.map", Effect::CallsFirst { keep: false }),
    ("builtins.max", Effect::CallsKey { one: true }),
    ("builtins.min", Effect::CallsKey { one: true }),
    ("builtins.next", Effect::Element),
    ("builtins.property", Effect::Property),
    ("builtins.repr", Effect::Dunder("__repr__")),
    ("builtins.reversed", Effect::Collects),
    ("builtins.set", Effect::Collects),
    ("builtins.sorted", Effect::CallsKey { one: false }),
    ("builtins.staticmethod", Effect::Static),
    ("builtins.str", Effect::Dunder("__str__")),
    ("builtins.super", Effect::Super),
    ("builtins.tuple", Effect::Collects),
    ("builtins.type", Effect::TypeOf),
    ("builtins.zip", Effect::Collects),
    ("cached_property.cached_property", Effect::Property),
    ("copy.copy", Effect::Identity),
    ("copy.deepcopy", Effect::Identity),
    ("django.utils.functional.cached_property", Effect::Property),
    ("functools.cache", Effect::Identity),
    ("functools.cached_property", Effect::Property),
    ("functools.lru_cache", Effect::Identity),
    ("functools.partial", Effect::Identity),
    ("functools.reduce", Effect::CallsFirst { keep: false }),
    ("functools.update_wrapper", Effect::Identity),
    ("typing.cast", Effect::Second),
    ("typing.overload", Effect::Nothing),
    ("typing_extensions.cast", Effect::Second),
    ("typing_extensions.overload", Effect::Nothing),
    ("werkzeug.utils.cached_property", Effect::Property),
];

pub(super) fn effect(name: &str) -> Option<Effect> {
    EFFECTS
        .binary_search_by(|(n, _)| n.cmp(&name))
        .ok()
        .map(|i| EFFECTS[i].1)
}

/// Names Python defines in every module.
const BUILTINS: &[&str] = &[
    "__import__",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

/// Whether `name`, unbound in the project, is one of Python's builtins (exceptions and
/// warnings included).
pub(in crate::graph::resolve) fn is_builtin(name: &str) -> bool {
    BUILTINS.binary_search(&name).is_ok()
        || [
            "Error",
            "Exception",
            "Warning",
            "Exit",
            "Interrupt",
            "Iteration",
        ]
        .iter()
        .any(|suffix| name.ends_with(suffix) && name.starts_with(|c: char| c.is_uppercase()))
        || matches!(
            name,
            "NotImplemented" | "Ellipsis" | "__name__" | "__file__"
        )
}

/// Container methods the pass follows, by `Val::BoxMethod` index.
pub(super) const METHODS: &[&str] = &[
    "append",
    "add",
    "insert",
    "extend",
    "update",
    "setdefault",
    "get",
    "pop",
    "values",
    "items",
    "copy",
    "popitem",
    "__getitem__",
];

pub(super) fn container_method(name: &str) -> Option<u8> {
    METHODS.iter().position(|&m| m == name).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    #[test]
    fn tables_are_sorted_for_binary_search() {
        assert!(super::EFFECTS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(super::BUILTINS.windows(2).all(|w| w[0] < w[1]));
        assert!(super::is_builtin("len") && super::is_builtin("ValueError"));
        assert!(!super::is_builtin("helper"));
    }
}
