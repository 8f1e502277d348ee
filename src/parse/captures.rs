//! The capture vocabulary of `queries/README.md`, as a table from capture index to role.

use std::sync::OnceLock;

use crate::lang::{self, LangId};
use crate::parse::facts::SymbolKind;
use crate::parse::query::Matcher;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Definition(SymbolKind),
    Name,
    ImplTrait,
    Call,
    New,
    Reference,
    CallReceiver,
    CallScope,
    ImportModule,
    ImportFrom,
    ImportName,
    ImportAlias,
    ImportDefault,
    ImportNamespace,
    ImportGlob,
    ImportReexport,
    ImportTree,
    ImportPub,
    ExportName,
    ExportLocal,
    ExportDefault,
    InheritBase,
    BindName,
    BindField,
    BindType,
    BindCall,
    BindPassed,
    BindParams,
    BindElement,
    BindObject,
    BindPattern,
    BindUnwrapped,
    BindUnwrappedError,
    MetricBranch,
    MetricNesting,
    MetricFlat,
    /// An anonymous function (closure, lambda, arrow): its branches are its own.
    MetricClosure,
    /// A name a function binds that is no definition (`queries/README.md`).
    LocalName,
    /// `_`-prefixed helper captures, used only by predicates.
    Helper,
}

/// The role of a capture name, or `None` if the vocabulary has no such capture.
pub fn role_of(name: &str) -> Option<Role> {
    if name.starts_with('_') {
        return Some(Role::Helper);
    }
    Some(match name {
        "definition.function" => Role::Definition(SymbolKind::Function),
        "definition.class" => Role::Definition(SymbolKind::Class),
        "definition.struct" => Role::Definition(SymbolKind::Struct),
        "definition.enum" => Role::Definition(SymbolKind::Enum),
        "definition.trait" => Role::Definition(SymbolKind::Trait),
        "definition.interface" => Role::Definition(SymbolKind::Interface),
        "definition.type" => Role::Definition(SymbolKind::TypeAlias),
        "definition.module" => Role::Definition(SymbolKind::Module),
        "definition.impl" => Role::Definition(SymbolKind::Impl),
        "name" => Role::Name,
        "local.name" => Role::LocalName,
        "impl.trait" => Role::ImplTrait,
        "reference.call" => Role::Call,
        "reference.new" => Role::New,
        "reference.value" => Role::Reference,
        "call.receiver" => Role::CallReceiver,
        "call.scope" => Role::CallScope,
        "import.module" => Role::ImportModule,
        "import.from" => Role::ImportFrom,
        "import.name" => Role::ImportName,
        "import.alias" => Role::ImportAlias,
        "import.default" => Role::ImportDefault,
        "import.namespace" => Role::ImportNamespace,
        "import.glob" => Role::ImportGlob,
        "import.reexport" => Role::ImportReexport,
        "import.tree" => Role::ImportTree,
        "import.pub" => Role::ImportPub,
        "export.name" => Role::ExportName,
        "export.local" => Role::ExportLocal,
        "export.default" => Role::ExportDefault,
        "inherit.base" => Role::InheritBase,
        "bind.name" => Role::BindName,
        "bind.field" => Role::BindField,
        "bind.type" => Role::BindType,
        "bind.call" => Role::BindCall,
        "bind.passed" => Role::BindPassed,
        "bind.params" => Role::BindParams,
        "bind.element" => Role::BindElement,
        "bind.object" => Role::BindObject,
        "bind.pattern" => Role::BindPattern,
        "bind.unwrapped" => Role::BindUnwrapped,
        "bind.unwrapped_error" => Role::BindUnwrappedError,
        "metric.branch" => Role::MetricBranch,
        "metric.nesting" => Role::MetricNesting,
        "metric.flat" => Role::MetricFlat,
        "metric.closure" => Role::MetricClosure,
        _ => return None,
    })
}

pub struct CompiledQuery {
    pub matcher: Matcher,
    /// Role of each capture, by the matcher's capture index.
    pub roles: Vec<Role>,
}

/// The compiled query of a language with its role table; an unknown capture name is an
/// error (caught by the query tests, never by a user). Compiled by our matcher, which is
/// fast to build; tree-sitter compiles the same source in the tests to validate it.
pub fn compiled(id: LangId) -> Result<&'static CompiledQuery, String> {
    type Compiled = Result<CompiledQuery, String>;
    static TABLES: OnceLock<Box<[OnceLock<Compiled>]>> = OnceLock::new();
    TABLES.get_or_init(lang::per_language)[id as usize]
        .get_or_init(|| {
            let spec = id.spec();
            let matcher = Matcher::new(&(spec.grammar)(), &lang::query_source(spec))
                .map_err(|err| format!("{}: {err}", spec.name))?;
            let roles = matcher
                .capture_names
                .iter()
                .map(|name| {
                    role_of(name).ok_or_else(|| format!("{}: unknown capture @{name}", id.name()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(CompiledQuery { matcher, roles })
        })
        .as_ref()
        .map_err(Clone::clone)
}
