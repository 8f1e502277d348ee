//! Nodes and edges of the knowledge graph (DESIGN.md "Graph model").

use serde::{Deserialize, Serialize};

use crate::lang::LangId;
use crate::parse::{DocSpan, Metrics, SymbolKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    File,
    Module,
    Class,
    Function,
    Method,
}

impl NodeKind {
    pub const ALL: [NodeKind; 5] = [
        NodeKind::File,
        NodeKind::Module,
        NodeKind::Class,
        NodeKind::Function,
        NodeKind::Method,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NodeKind::File => "file",
            NodeKind::Module => "module",
            NodeKind::Class => "class",
            NodeKind::Function => "function",
            NodeKind::Method => "method",
        }
    }

    pub fn from_symbol(kind: SymbolKind) -> NodeKind {
        match kind {
            SymbolKind::Function => NodeKind::Function,
            SymbolKind::Method => NodeKind::Method,
            SymbolKind::Module => NodeKind::Module,
            _ => NodeKind::Class,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeKind {
    Contains,
    Calls,
    Imports,
    Inherits,
}

impl EdgeKind {
    pub const ALL: [EdgeKind; 4] = [
        EdgeKind::Contains,
        EdgeKind::Calls,
        EdgeKind::Imports,
        EdgeKind::Inherits,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EdgeKind::Contains => "contains",
            EdgeKind::Calls => "calls",
            EdgeKind::Imports => "imports",
            EdgeKind::Inherits => "inherits",
        }
    }
}

/// How a call edge was resolved; its confidence follows from it (DESIGN.md tiers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Resolution {
    /// A name in scope, an import, a static path: 1.0.
    Direct,
    /// A method on a receiver whose type is known (or `self`, with virtual dispatch): 0.9.
    KnownType,
    /// Found by following values (an assignment, an argument, a return, a decorator):
    /// 0.8.
    Flow,
    /// Through a trait or interface, or the only project method of that name: 0.6.
    Interface,
    /// One of several candidates, or a dynamic call: 0.3.
    Ambiguous,
}

impl Resolution {
    pub fn confidence(self) -> f32 {
        match self {
            Resolution::Direct => 1.0,
            Resolution::KnownType => 0.9,
            Resolution::Flow => 0.8,
            Resolution::Interface => 0.6,
            Resolution::Ambiguous => 0.3,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub kind: NodeKind,
    /// For classes: struct, enum, trait, interface, type alias or class.
    pub symbol_kind: Option<SymbolKind>,
    pub name: String,
    pub qualified_name: String,
    /// Index into `Snapshot::files`.
    pub file: u32,
    pub line: u32,
    pub end_line: u32,
    pub language: LangId,
    /// Where its doc is in its file: `graph::docs` reads the text when asked.
    pub doc: Option<DocSpan>,
    pub metrics: Option<Metrics>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edge {
    pub kind: EdgeKind,
    pub confidence: f32,
    /// Lines of the call or import sites behind this edge, in the source node's file.
    pub lines: Vec<u32>,
}

/// A call the graph could not attribute to a project symbol: kept so later resolution (and
/// tools) can still use it. A call of a builtin or library function is one too, and says
/// which in `outside`; a higher-order one may also have edges to the project functions it
/// is given (`sorted(xs, key=f)`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnresolvedCall {
    pub caller: u32,
    pub name: String,
    pub receiver: Option<String>,
    pub line: u32,
    pub column: u32,
    /// What it calls outside the project, when the resolver can name it.
    pub outside: Option<OutsideCallee>,
}

impl UnresolvedCall {
    /// Whether the call names a builtin or a library function directly (an import, a
    /// builtin's name), so it cannot reach a project definition of its name.
    pub fn calls_outside_for_sure(&self) -> bool {
        self.outside
            .as_ref()
            .is_some_and(|o| o.confidence >= Resolution::Direct.confidence())
    }
}

/// A builtin of the language or a library's function a call reaches (`builtins.len`,
/// `os.path.join`, `fs.readFileSync`, `std::mem::swap`). Not a node of the graph, which
/// holds the project: `graph export` and the callee tools show it as one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutsideCallee {
    pub kind: OutsideKind,
    pub qualified_name: String,
    /// As for an edge: 1.0 where the call names it (an import, a builtin), 0.8 where value
    /// flow found it.
    pub confidence: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum OutsideKind {
    /// Comes with the language: Python's `builtins`, JavaScript's globals, Rust's
    /// `std`/`core`/`alloc`.
    Builtin,
    /// Anything else imported from outside the project.
    External,
}

impl OutsideKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OutsideKind::Builtin => "builtin",
            OutsideKind::External => "external",
        }
    }
}

/// Unresolved calls file by file. A file's list is shared (`Arc`) between the resolver and
/// every snapshot built from it, so a snapshot copies or drops ~100k calls as a few thousand
/// pointers, and a patch replaces one file's list instead of filtering them all.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UnresolvedCalls {
    by_file: Vec<std::sync::Arc<[UnresolvedCall]>>,
}

impl UnresolvedCalls {
    pub fn with_files(files: usize) -> UnresolvedCalls {
        let empty: std::sync::Arc<[UnresolvedCall]> = std::sync::Arc::new([]);
        UnresolvedCalls {
            by_file: vec![empty; files],
        }
    }

    /// Every unresolved call, file by file, in source order within a file.
    pub fn iter(&self) -> impl Iterator<Item = &UnresolvedCall> {
        self.by_file.iter().flat_map(|calls| calls.iter())
    }

    /// The calls made in one file (by its index in the snapshot's file list).
    pub fn of_file(&self, file: u32) -> &[UnresolvedCall] {
        self.by_file.get(file as usize).map_or(&[], |calls| calls)
    }

    pub fn file_list(&self, file: u32) -> Option<&std::sync::Arc<[UnresolvedCall]>> {
        self.by_file.get(file as usize)
    }

    /// Replaces one file's list (growing the table for a new file).
    pub fn set(&mut self, file: u32, calls: std::sync::Arc<[UnresolvedCall]>) {
        let index = file as usize;
        if index >= self.by_file.len() {
            self.by_file.resize(index + 1, std::sync::Arc::new([]));
        }
        self.by_file[index] = calls;
    }
}
