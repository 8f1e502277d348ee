//! What a file says about where values go (Python): assignments, returns, yields, every
//! call with its arguments, parameters and decorators. Resolution runs these through a
//! bounded points-to fixpoint (`graph::resolve::flow`) to learn what a called expression can
//! hold. Part of `FileFacts`, so part of the cache format.
//!
//! Expressions live in one arena per file (`Flow::exprs`) and refer to each other by index;
//! names are indices into the file's `Flow::names`, and variable-length parts (items,
//! arguments) are runs of `Flow::lists`: a file's flow is a handful of flat vectors.

use serde::{Deserialize, Serialize};

/// An index into `Flow::exprs`.
pub type ExprId = u32;
/// An index into `Flow::names`.
pub type NameId = u32;
/// No name (a key that is not a constant).
pub const NO_NAME: NameId = u32::MAX;
/// An open bound of `Expr::Slice`.
pub const OPEN: u32 = u32::MAX;

/// A run of `Flow::lists`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Run {
    pub start: u32,
    pub len: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Flow {
    /// Every name and constant the file's flow spells, once each, end to end; name `i`
    /// ends at `name_ends[i]` (one allocation per file, not one per name).
    pub names: String,
    pub name_ends: Vec<u32>,
    pub exprs: Vec<Expr>,
    /// Expression ids, or (name, expression) pairs for dicts and keywords.
    pub lists: Vec<u32>,
    pub steps: Vec<Step>,
    pub calls: Vec<FlowCall>,
    /// One per definition with parameters, decorators, `global` names or `yield`s.
    pub defs: Vec<DefFlow>,
}

impl Flow {
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.calls.is_empty() && self.defs.is_empty()
    }

    pub fn name(&self, id: NameId) -> &str {
        let Some(&end) = self.name_ends.get(id as usize) else {
            return "";
        };
        let start = match id.checked_sub(1) {
            Some(before) => self.name_ends[before as usize],
            None => 0,
        };
        self.names.get(start as usize..end as usize).unwrap_or("")
    }

    /// Every name, in id order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        (0..self.name_ends.len() as NameId).map(|id| self.name(id))
    }

    pub fn list(&self, run: Run) -> &[u32] {
        self.lists
            .get(run.start as usize..(run.start as usize + run.len as usize))
            .unwrap_or(&[])
    }

    /// The same flow but for where things are (lines and columns): a patch that only moved
    /// code need not solve value flow again.
    pub fn same_but_positions(&self, other: &Flow) -> bool {
        let exprs_same = self.exprs.len() == other.exprs.len()
            && self
                .exprs
                .iter()
                .zip(&other.exprs)
                .all(|(a, b)| match (a, b) {
                    (
                        Expr::Attr {
                            object: oa,
                            name: na,
                            ..
                        },
                        Expr::Attr {
                            object: ob,
                            name: nb,
                            ..
                        },
                    ) => oa == ob && na == nb,
                    (
                        Expr::Index {
                            object: oa,
                            key: ka,
                            ..
                        },
                        Expr::Index {
                            object: ob,
                            key: kb,
                            ..
                        },
                    ) => oa == ob && ka == kb,
                    _ => a == b,
                });
        let calls_same = self.calls.len() == other.calls.len()
            && self.calls.iter().zip(&other.calls).all(|(a, b)| {
                a.scope == b.scope
                    && a.how == b.how
                    && a.callee == b.callee
                    && a.args == b.args
                    && a.keywords == b.keywords
                    && a.spread == b.spread
                    && a.spread_keywords == b.spread_keywords
            });
        exprs_same
            && calls_same
            && self.names == other.names
            && self.name_ends == other.name_ends
            && self.lists == other.lists
            && self.steps == other.steps
            && self.defs == other.defs
    }

    /// A run of (name, expression) pairs.
    pub fn pairs(&self, run: Run) -> impl Iterator<Item = (NameId, ExprId)> + '_ {
        self.list(run).chunks_exact(2).map(|p| (p[0], p[1]))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    /// A bare name, looked up where the expression is.
    Name(NameId),
    /// `object.name`; `line` is where a property read would call its getter.
    Attr {
        object: ExprId,
        name: NameId,
        line: u32,
    },
    /// What call `Flow::calls[i]` returns.
    Call(u32),
    /// `object[key]`; `key` is `NO_NAME` unless a constant; `line` is where an instance's
    /// `__getitem__` would be called.
    Index {
        object: ExprId,
        key: NameId,
        line: u32,
    },
    /// `object[from:to]`: positions `from` up to `to` (exclusive, `OPEN` for the end);
    /// `from == OPEN` when a bound is not a constant, so any element may be anywhere.
    Slice {
        object: ExprId,
        from: u32,
        to: u32,
    },
    /// A constant string or number (a key, an attribute name given to `getattr`).
    Constant(NameId),
    /// The definition itself, before its decorators (symbol index).
    Defined(u32),
    /// A lambda: calling it gives its body's value, read in `scope`.
    Lambda {
        body: ExprId,
        scope: Option<u32>,
    },
    /// A list, tuple or set display: a container whose items have the keys 0, 1, ….
    Items(Run),
    /// A dict display: (key, value) pairs, `NO_NAME` for keys that are not constants.
    Dict(Run),
    /// A container every element of which is the expression's value (comprehensions).
    Many(ExprId),
    /// An element of iterating over the expression (`for`, comprehensions, unpacking).
    Elements(ExprId),
    /// An instance of the class the expression names (`except E as e`).
    InstanceOf(ExprId),
    /// Any of these (`a if c else b`, `a or b`).
    Either(Run),
    Unknown,
}

/// Where an assignment puts its value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Target {
    Name(NameId),
    Attr {
        object: ExprId,
        name: NameId,
    },
    Index {
        object: ExprId,
        key: NameId,
    },
    /// `a, b = …`: each element in turn.
    Unpack(Vec<Target>),
    /// `*rest` inside an unpacking.
    Star(Box<Target>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// Innermost enclosing definition (symbol index); `None` at module level.
    pub scope: Option<u32>,
    pub kind: StepKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StepKind {
    Assign { target: Target, value: ExprId },
    Return(ExprId),
    Yield(ExprId),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CallHow {
    /// A call the file writes with a name (`f()`, `a.b()`): `FileFacts::calls` has it at
    /// the same line and column.
    Named,
    /// A call of any other expression (`f()()`, `handlers[k]()`).
    Unnamed,
    /// A call the language makes for the code: `with`, `for`, an operator.
    Implicit,
    /// A decorator applied to a definition. Unknown decorators give back what they were
    /// given.
    Decorator,
    /// `raise E` with no call: where `E` is a class, Python constructs it.
    Raise,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlowCall {
    pub scope: Option<u32>,
    pub how: CallHow,
    pub callee: ExprId,
    pub args: Run,
    /// (name, value) pairs.
    pub keywords: Run,
    /// `*xs` and `**kw` at the call.
    pub spread: Option<ExprId>,
    pub spread_keywords: Option<ExprId>,
    pub line: u32,
    pub column: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ParamKind {
    Positional,
    /// After `*` or `*args`: keyword only.
    Keyword,
    /// `*args`.
    Rest,
    /// `**kwargs`.
    RestKeywords,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Param {
    pub name: NameId,
    pub kind: ParamKind,
    /// The default value, read in the definition's enclosing scope.
    pub default: Option<ExprId>,
    /// An instance of the class its annotation names, read there too.
    pub annotation: Option<ExprId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DefFlow {
    pub symbol: u32,
    pub params: Vec<Param>,
    /// With decorators, the definition's name is bound to what `Flow::calls[decorated]`
    /// (the outermost decorator applied) returns.
    pub decorated: Option<u32>,
    /// Names declared `global`: assignments go to the module's names.
    pub globals: Vec<NameId>,
    /// Names declared `nonlocal`: assignments go to the enclosing function's names.
    pub nonlocals: Vec<NameId>,
    pub generator: bool,
}
