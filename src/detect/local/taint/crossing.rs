//! What a file's taint pass leaves for the graph stage (`detect::graph::taint`): the
//! parameters that reach sinks, tainted values handed to calls the file cannot see into,
//! what its functions return, and the sinks fed by other files' functions. Part of the
//! cached local results.

use serde::{Deserialize, Serialize};

use crate::detect::local::Waypoint;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Untrusted input, described (`request.GET`).
    Source(String),
    /// A parameter of the enclosing function: (index without `self`, name).
    Param(u32, String),
}

/// A parameter of a function reaches a sink inside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// First line of the function.
    pub function: u32,
    pub param: u32,
    pub rule: String,
    pub sink: String,
    pub steps: Vec<Waypoint>,
    /// A finding was reported for it (at the last step's line)...
    pub reported: bool,
    /// ...and every call of the function in its file passes this parameter a constant:
    /// without callers elsewhere, no outside data reaches the sink.
    pub constant_here: bool,
    /// The sink wants a built string (a query, a command line) and the parameter reaches
    /// it as it is: only a caller that passes one built from tainted data is a finding
    /// (`run_query(sql)` given `"… WHERE id = " + id`).
    pub needs_formatting: bool,
}

/// A tainted value passed to a call the file cannot see into.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaintCall {
    pub function: u32,
    pub callee: String,
    pub line: u32,
    pub arg: u32,
    pub origin: Origin,
    /// The value was built into a larger string on the way.
    pub formatted: bool,
    /// The value is what a function of another file returned (`shell(build_cmd(host))`):
    /// it is tainted only if that function gives back its tainted argument (or a source
    /// of its own), which the graph tells.
    pub through: Option<CallThrough>,
    pub steps: Vec<(u32, String)>,
}

/// The call of another file's function whose result a passed value is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallThrough {
    pub callee: String,
    pub line: u32,
    /// The tainted argument it was given (`origin` is what that argument carries); `None`:
    /// only a source the callee returns itself taints the value.
    pub arg: Option<u32>,
    /// The parameter a tainted keyword argument was given for (`arg` is then `KEYWORD`).
    pub keyword: Option<String>,
}

/// What a function gives back: one of its parameters, or a source it reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReturnSummary {
    /// First line of the function.
    pub function: u32,
    pub origin: Origin,
    /// Built into a larger string on the way.
    pub formatted: bool,
    pub steps: Vec<(u32, String)>,
}

/// A sink fed by what a function the file cannot see into returns: a finding once the
/// graph resolves the call and the function gives back the tainted argument (or a source).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThroughCall {
    pub rule: String,
    /// The sink as the finding names it, and what reaching it means.
    pub sink: String,
    pub consequence: String,
    pub line: u32,
    pub end_line: u32,
    pub column: u32,
    /// First line of the function making the call, the callee's name and the call's line.
    pub function: u32,
    pub callee: String,
    pub call_line: u32,
    /// The tainted argument (without `self`) and what it carries; `None`: no argument is
    /// tainted, so only a source the callee returns itself counts.
    pub arg: Option<(u32, Origin)>,
    /// The parameter a tainted keyword argument was given for (its position is `KEYWORD`).
    pub keyword: Option<String>,
    /// The sink wants a built string the value is not yet: the callee must build it.
    pub needs_formatting: bool,
    pub steps: Vec<(u32, String)>,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileTaint {
    pub summaries: Vec<Summary>,
    pub calls: Vec<TaintCall>,
    pub returns: Vec<ReturnSummary>,
    pub throughs: Vec<ThroughCall>,
}

impl FileTaint {
    pub fn lines(&self) -> impl Iterator<Item = u32> + '_ {
        self.calls
            .iter()
            .map(|c| c.line)
            .chain(
                self.summaries
                    .iter()
                    .map(|s| s.steps.last().map_or(s.function, |x| x.line)),
            )
            .chain(self.throughs.iter().map(|t| t.line))
    }

    pub fn is_empty(&self) -> bool {
        self.summaries.is_empty()
            && self.calls.is_empty()
            && self.returns.is_empty()
            && self.throughs.is_empty()
    }
}
