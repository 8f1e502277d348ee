//! What a file says about where values go (Python): assignments, returns, yields, every
//! call with its arguments, parameters and decorators. Resolution runs these through a
//! bounded points-to fixpoint (`graph::resolve::flow`) to learn what a called expression can
//! hold. Part of `FileFacts`, so part of the cache format.
//!
//! Expressions live in one arena per file (`Flow::exprs`) and refer to each other by index.

use serde::{Deserialize, Serialize};

/// An index into `Flow::exprs`.
pub type ExprId = u32;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Flow {
    pub exprs: Vec<Expr>,
    pub steps: Vec<Step>,
    pub calls: Vec<FlowCall>,
    /// One per definition with parameters, decorators, `global` names or `yield`s.
    pub defs: Vec<DefFlow>,
}

impl Flow {
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.calls.is_empty() && self.defs.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    /// A bare name, looked up where the expression is.
    Name(String),
    /// `object.name`; `line` is where a property read would call its getter.
    Attr {
        object: ExprId,
        name: String,
        line: u32,
    },
    /// What call `Flow::calls[i]` returns.
    Call(u32),
    /// `object[key]`, with the key when it is a constant.
    Index {
        object: ExprId,
        key: Option<String>,
    },
    /// A constant string or number (a key, an attribute name given to `getattr`).
    Constant(String),
    /// The definition itself, before its decorators (symbol index).
    Defined(u32),
    /// A lambda: calling it gives its body's value, read in `scope`.
    Lambda {
        body: ExprId,
        scope: Option<u32>,
    },
    /// A list, tuple or set display: a container whose items have the keys 0, 1, ….
    Items(Vec<ExprId>),
    /// A dict display; `None` keys are not constants (or `**spread`).
    Dict(Vec<(Option<String>, ExprId)>),
    /// An element of iterating over the expression (`for`, comprehensions, unpacking).
    Elements(ExprId),
    /// An instance of the class the expression names (`except E as e`).
    InstanceOf(ExprId),
    /// A container every element of which is the expression's value (comprehensions).
    Many(ExprId),
    /// Any of these (`a if c else b`, `a or b`).
    Either(Vec<ExprId>),
    Unknown,
}

/// Where an assignment puts its value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Target {
    Name(String),
    Attr {
        object: ExprId,
        name: String,
    },
    Index {
        object: ExprId,
        key: Option<String>,
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
    /// A call the language makes for the code: a decorator applied, `with`, `for`, an
    /// operator. Unknown decorators give back what they were given.
    Implicit,
    Decorator,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlowCall {
    pub scope: Option<u32>,
    pub how: CallHow,
    pub callee: ExprId,
    pub args: Vec<ExprId>,
    pub keywords: Vec<(String, ExprId)>,
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
    pub name: String,
    pub kind: ParamKind,
    /// The default value, read in the definition's enclosing scope.
    pub default: Option<ExprId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DefFlow {
    pub symbol: u32,
    pub params: Vec<Param>,
    /// With decorators, the definition's name is bound to what `Flow::calls[decorated]`
    /// (the outermost decorator applied) returns.
    pub decorated: Option<u32>,
    /// Names declared `global`: assignments go to the module's names.
    pub globals: Vec<String>,
    /// Names declared `nonlocal`: assignments go to the enclosing function's names.
    pub nonlocals: Vec<String>,
    pub generator: bool,
}
