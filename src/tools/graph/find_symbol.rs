//! `find_symbol`: symbols by exact or fuzzy name or qualified name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::docs::Docs;
use crate::tools::lookup::{KindFilter, SymbolRef};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct FindSymbol;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// A name (`route`), part of one (`rout`), a qualified name or a suffix of one (`Flask.route`).
    pub query: String,
    /// Only this kind of node.
    pub kind: Option<KindFilter>,
    /// Only exact matches of the name or qualified name (default false: fuzzy too).
    pub exact: Option<bool>,
    /// Most matches listed (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Match {
    pub symbol: SymbolRef,
    /// 1.0 exact; lower for prefix, substring, subsequence and similar names.
    pub score: f32,
    /// First line of its docstring or doc comment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub matches: Vec<Match>,
}

impl TypedTool for FindSymbol {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "find_symbol";
    const DESCRIPTION: &'static str = "Find functions, methods, classes, modules or files by name: exact or fuzzy, by short or qualified name, optionally one kind. Returns qualified names to pass to the other tools.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        if args.query.trim().is_empty() {
            return Err(ToolError::Invalid(
                "query is empty; pass a name such as `route` or `Flask.route`".into(),
            ));
        }
        let state = ws.state();
        let snap = &state.snap;
        let index = ws.names(&state);
        let shown = limit(args.limit);
        let mut found = index.fuzzy(snap, &args.query, args.kind, shown);
        if args.exact == Some(true) {
            let query = args.query.trim().to_lowercase();
            found.retain(|(n, s)| {
                *s >= 1.0 || snap.graph[*n].qualified_name.to_lowercase() == query
            });
        }
        let mut docs = Docs::new(snap, ws.root());
        let matches: Vec<Match> = found
            .iter()
            .map(|&(node, score)| Match {
                symbol: SymbolRef::of(snap, node),
                score: (score * 100.0).round() / 100.0,
                doc: docs.first_line(node),
            })
            .collect();
        if matches.is_empty() {
            return Err(ToolError::Invalid(format!(
                "no symbol matches `{}`{}; try search_code for words in docs and comments",
                args.query,
                if args.kind.is_some() {
                    " of that kind"
                } else {
                    ""
                }
            )));
        }
        let mut text = format!("{} match(es) for `{}`:\n", matches.len(), args.query);
        for m in &matches {
            text.push_str(&format!("{} [{:.2}]", m.symbol.line(), m.score));
            if let Some(doc) = &m.doc {
                text.push_str(&format!(" — {}", crate::tools::search::clip(doc, 100)));
            }
            text.push('\n');
        }
        let top = &matches[0].symbol;
        let next = vec![
            Hint::new(
                "find_callers",
                json!({"symbol": top.qualified_name}),
                "who calls the best match",
            ),
            Hint::new(
                "file_outline",
                json!({"file": top.file}),
                "what else its file defines",
            ),
        ];
        Ok(Answer {
            data: Output { matches },
            text,
            next,
        })
    }
}
