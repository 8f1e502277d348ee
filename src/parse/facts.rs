//! `FileFacts`: everything one file says about itself, before any cross-file resolution.
//! Stored in the cache as is, so every type here is part of the cache format.

use serde::{Deserialize, Serialize};

use crate::lang::LangId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileFacts {
    /// Relative to the analysed root, `/`-separated.
    pub path: String,
    pub language: LangId,
    pub hash: [u8; 32],
    pub lines: u32,
    pub bytes: u64,
    /// The file was not valid UTF-8 and was decoded lossily.
    pub lossy: bool,
    pub symbols: Vec<Symbol>,
    pub imports: Vec<Import>,
    pub exports: Vec<Export>,
    pub calls: Vec<CallSite>,
    pub inherits: Vec<Inherit>,
    pub bindings: Vec<Binding>,
    /// Names functions bind that are no definitions (JS/TS and Rust parameters and locals).
    pub locals: Vec<LocalName>,
    /// Where values go (Python), for the points-to pass of resolution.
    pub flow: crate::parse::flow::Flow,
    pub diagnostics: Vec<Diagnostic>,
}

impl FileFacts {
    /// Facts of a file that says nothing yet (sizes and hash zero).
    pub fn empty(path: &str, language: LangId) -> FileFacts {
        FileFacts {
            path: path.to_string(),
            language,
            hash: [0; 32],
            lines: 0,
            bytes: 0,
            lossy: false,
            symbols: Vec::new(),
            imports: Vec::new(),
            exports: Vec::new(),
            calls: Vec::new(),
            inherits: Vec::new(),
            bindings: Vec::new(),
            locals: Vec::new(),
            flow: Default::default(),
            diagnostics: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SymbolKind {
    Function,
    Method,
    Class,
    Struct,
    Enum,
    Trait,
    Interface,
    TypeAlias,
    /// A module defined inside a file (Rust `mod x { … }`).
    Module,
    /// A Rust `impl` block: not a node itself; its functions become methods of its type.
    Impl,
}

impl SymbolKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolKind::Function => "function",
            SymbolKind::Method => "method",
            SymbolKind::Class => "class",
            SymbolKind::Struct => "struct",
            SymbolKind::Enum => "enum",
            SymbolKind::Trait => "trait",
            SymbolKind::Interface => "interface",
            SymbolKind::TypeAlias => "type alias",
            SymbolKind::Module => "module",
            SymbolKind::Impl => "impl",
        }
    }

    pub fn is_class_like(self) -> bool {
        matches!(
            self,
            SymbolKind::Class
                | SymbolKind::Struct
                | SymbolKind::Enum
                | SymbolKind::Trait
                | SymbolKind::Interface
                | SymbolKind::TypeAlias
        )
    }

    pub fn is_function_like(self) -> bool {
        matches!(self, SymbolKind::Function | SymbolKind::Method)
    }

    /// Whether functions directly inside it are methods.
    pub fn holds_methods(self) -> bool {
        self.is_class_like() || self == SymbolKind::Impl
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Symbol {
    pub kind: SymbolKind,
    pub name: String,
    /// Index of the enclosing symbol in `FileFacts::symbols`.
    pub parent: Option<u32>,
    pub line: u32,
    pub end_line: u32,
    /// Where its docstring or doc comments are (see `parse::docs`).
    pub doc: Option<DocSpan>,
    /// Return type as written (functions), the trait of an `impl` block, the type a type
    /// alias stands for, or a TypeScript class's or interface's type parameters (`<T, R>`).
    pub detail: Option<String>,
    pub metrics: Option<Metrics>,
    /// Of a Rust `impl` block: whether it is for a reference (`impl Trait for &'a T`).
    pub borrow: Borrow,
    /// A Rust function written without `pub` (or with `pub(self)`, `pub(super)`): outside
    /// its module (and the modules inside it) a method call does not see it, unless
    /// `seen_above` lets the modules above it see it too.
    pub private: bool,
    /// Of a private Rust function: how many modules above its own see it as well
    /// (`pub(super)`: 1).
    #[serde(default)]
    pub seen_above: u8,
    /// A Rust item's `#[cfg(…)]` predicates, joined with `all(…)` when several: the
    /// configurations it exists in (`feature = "std"`, `not(windows)`).
    #[serde(default)]
    pub cfg: Option<String>,
}

/// How a Rust type is held: owned, or behind a shared or a mutable reference.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Borrow {
    #[default]
    Owned,
    Shared,
    Mutable,
}

impl Borrow {
    /// How a Rust type as written is held (`T`, `&'a T`, `&mut T`), and the type behind
    /// the references: `&'a mut Foo<T>` is (`Mutable`, `Foo<T>`).
    pub fn split(text: &str) -> (Borrow, &str) {
        let mut borrow = Borrow::Owned;
        let mut t = text.trim_start();
        while let Some(rest) = t.strip_prefix('&') {
            t = rest.trim_start();
            if let Some(after) = t.strip_prefix('\'') {
                let end = after
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(after.len());
                t = after[end..].trim_start();
            }
            let held = match t.strip_prefix("mut ") {
                Some(rest) => {
                    t = rest.trim_start();
                    Borrow::Mutable
                }
                None => Borrow::Shared,
            };
            if borrow == Borrow::Owned {
                borrow = held;
            }
        }
        (borrow, t)
    }

    /// How a Rust type as written is held.
    pub fn of_type(text: &str) -> Borrow {
        Borrow::split(text).0
    }
}

/// A byte range of a file's text (as parsed: invalid UTF-8 replaced).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DocSpan {
    pub start: u32,
    pub end: u32,
}

impl DocSpan {
    pub fn of(range: std::ops::Range<usize>) -> DocSpan {
        DocSpan {
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    /// The spanned text of `source`; `None` when the span does not fit it.
    pub fn text(self, source: &str) -> Option<&str> {
        source.get(self.start as usize..self.end as usize)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Metrics {
    /// Lines of code: neither blank nor only a comment.
    pub lines: u32,
    pub complexity: u32,
    pub max_nesting: u32,
    pub params: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ImportKind {
    /// Python `import a.b [as c]`: `path` is the dotted module.
    Module,
    /// One member of a module: `from m import n`, `import {n} from`, `use m::n`.
    Member,
    /// Everything a module exports: `from m import *`, `export * from`, `use m::*`.
    Glob,
    /// The default export, bound to `alias`.
    Default,
    /// The whole module bound to `alias` (`import * as ns`, `require`).
    Namespace,
    /// A dependency with no binding (`import './polyfill'`).
    SideEffect,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Import {
    pub kind: ImportKind,
    /// The module as written: `..pkg.mod`, `./util`, `crate::a::b`.
    pub path: String,
    pub name: Option<String>,
    pub alias: Option<String>,
    /// `export … from` or `pub use`: the binding is visible to importers of this module.
    pub reexport: bool,
    /// The innermost inline module holding the import (Rust), as a symbol index.
    pub scope: Option<u32>,
    pub line: u32,
}

impl Import {
    /// The name this import binds locally, if any.
    pub fn local_name(&self) -> Option<&str> {
        match self.kind {
            ImportKind::Glob | ImportKind::SideEffect => None,
            ImportKind::Module => match &self.alias {
                Some(alias) => Some(alias),
                None => self.path.split('.').next(),
            },
            ImportKind::Member => self.alias.as_deref().or(self.name.as_deref()),
            ImportKind::Default | ImportKind::Namespace => self.alias.as_deref(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Export {
    /// The name importers see (`default` for default exports).
    pub name: String,
    /// The local symbol it stands for.
    pub local: String,
    pub line: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CallKind {
    /// `f()` or `obj.f()` / `a::b::f()` (see `receiver` / `scope`).
    Call,
    /// `new C()`.
    New,
    /// A function named as a value where it is handed on (`.map_err(Error::io)`,
    /// `.map(parse)`): what receives it calls it.
    Reference,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallSite {
    /// Index of the innermost enclosing function (or class, for class-level code).
    pub caller: Option<u32>,
    pub kind: CallKind,
    pub name: String,
    /// The value a method is called on, as written (`self.db`, `x`).
    pub receiver: Option<String>,
    /// A static path qualifier, as written (`Vec`, `crate::a`).
    pub scope: Option<String>,
    /// The class an enclosing `receiver instanceof C` or `isinstance(receiver, C)` test
    /// names.
    #[serde(default)]
    pub narrowed: Option<String>,
    /// Rust: the first argument of a call through a path, where it is a name or a field
    /// chain (`self.code` in `fmt::Display::fmt(&self.code, f)`): the value a trait's
    /// method called by its path runs on.
    #[serde(default)]
    pub argument: Option<String>,
    pub line: u32,
    pub column: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inherit {
    /// The class (symbol index) that inherits.
    pub class: u32,
    /// The base as written.
    pub base: String,
    pub line: u32,
}

/// A name a function binds that is no definition (a parameter, a local variable): a call of
/// that name inside the function calls what it holds, not a definition further out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalName {
    pub name: String,
    /// Where the function binding it starts and ends, as (line, column), 1-based like a
    /// `CallSite`'s.
    pub from: (u32, u32),
    pub to: (u32, u32),
}

impl LocalName {
    /// Whether the name is held at (line, column).
    pub fn holds(&self, at: (u32, u32)) -> bool {
        self.from <= at && at <= self.to
    }
}

/// A name whose type the file states: an annotation, a constructor call, or a call whose
/// return type resolution can look up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    /// Innermost enclosing definition (symbol index); `None` at module level.
    pub scope: Option<u32>,
    pub name: String,
    /// A field of the enclosing class (`self.x = …`, `x: T` in a class body).
    pub field: bool,
    /// What `source` says it reads: a type, a callee, or an iterated expression.
    pub type_text: String,
    pub source: BindingSource,
    /// A parameter's place in its function's list (`this` not counted), by which a
    /// callback passed there is typed.
    pub position: Option<u8>,
    /// Rust: the lines a local holds its name in (from the end of its `let` to the end of
    /// its block; an `if let`, a `match` arm, a loop, a closure), where a later `let` of
    /// the same name shadows it.
    #[serde(default)]
    pub lines: Option<(u32, u32)>,
}

/// Where a binding's type comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BindingSource {
    /// `type_text` is a type as written (an annotation or a constructor).
    Annotation,
    /// `type_text` is a callee whose declared return type the name holds.
    Call,
    /// An untyped parameter of a function passed as argument `argument` to the callee
    /// `type_text`: the type of parameter `parameter` of the function type the callee
    /// declares there (`operate((source, subscriber) => …)`), or for an array's
    /// `forEach`/`map`/… the array's element.
    Passed { argument: u8, parameter: u8 },
    /// A `for … of` variable: an element of iterating `type_text`.
    Element,
    /// An object literal used as a namespace; `type_text` lists its entries
    /// (`parse::extract::objects`).
    Object,
    /// A name a Rust pattern binds to a field of what it matches: `type_text` is the
    /// struct or enum variant and the field, `Value::Number.0` for `Value::Number(n)`,
    /// `Shape::Rect.width` for `Shape::Rect { width, .. }`.
    Pattern,
    /// A name a Rust `Some(x)` or `Ok(x)` pattern binds to what the `Option` or `Result`
    /// it matches holds: `type_text` is that expression (`if let Some(e) = self.dfa.get(i)`,
    /// `match it.next() { Some(e) => … }`, `let Some(e) = x else { … }`).
    Unwrapped,
    /// A name a Rust `Err(e)` pattern binds to the error of the `Result` it matches:
    /// `type_text` is that expression (`match Id::new(n) { Err(e) => … }`).
    UnwrappedError,
}

impl Binding {
    /// Whether `type_text` is a type as written.
    pub fn annotated(&self) -> bool {
        self.source == BindingSource::Annotation
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub line: u32,
    pub column: u32,
    pub message: String,
}
