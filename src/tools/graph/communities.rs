//! `communities`: clusters of modules (or functions) that depend on each other more than on
//! the rest — Louvain over imports and calls — with their members and the edges between them.

use std::collections::{BTreeMap, HashMap};

use petgraph::stable_graph::NodeIndex;
use petgraph::visit::{EdgeRef, IntoEdgeReferences};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::louvain::louvain;
use crate::graph::{EdgeKind, NodeKind, Snapshot};
use crate::tools::lookup::Index;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct Communities;

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Module,
    Function,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// module (default: modules linked by imports and calls) or function (functions by calls).
    pub level: Option<Level>,
    /// Louvain resolution: above 1 gives more, smaller clusters (default 1.0).
    pub resolution: Option<f64>,
    /// Most clusters listed (default 20), largest first.
    pub limit: Option<usize>,
    /// Members listed per cluster (default 10), most connected first.
    pub members: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Link {
    pub community: usize,
    pub weight: f64,
}

#[derive(Serialize, JsonSchema)]
pub struct Community {
    pub id: usize,
    /// The members' longest common qualified-name prefix, or the most connected member.
    pub label: String,
    pub size: usize,
    pub members: Vec<String>,
    /// Weight of edges inside the cluster.
    pub internal: f64,
    /// The clusters it is most linked to.
    pub links: Vec<Link>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub level: String,
    pub modularity: f64,
    pub total: usize,
    pub communities: Vec<Community>,
}

impl TypedTool for Communities {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "communities";
    const DESCRIPTION: &'static str = "Clusters of modules (or functions) that depend on each other more than on the rest (Louvain over import and call edges): the repository's real architecture, with members and the links between clusters.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let level = args.level.unwrap_or(Level::Module);
        let resolution = args.resolution.unwrap_or(1.0);
        if !(resolution > 0.0 && resolution <= 10.0) {
            return Err(ToolError::Invalid(format!(
                "resolution {resolution} is outside (0, 10]; 1.0 is standard"
            )));
        }
        let state = ws.state();
        let snap = &state.snap;
        let (nodes, weights) = weighted_edges(snap, ws.names(&state), level);
        control.check()?;
        let edges: Vec<(usize, usize, f64)> =
            weights.iter().map(|(&(a, b), &w)| (a, b, w)).collect();
        let (membership, modularity) = louvain(nodes.len(), &edges, resolution);

        let per = args.members.map_or(10, |m| m.clamp(1, 200));
        let mut communities = clusters(snap, &nodes, &edges, &membership, per);
        communities.sort_by(|a, b| b.size.cmp(&a.size).then(a.id.cmp(&b.id)));
        let total = communities.len();
        communities.truncate(limit(args.limit));
        let level_name = if level == Level::Module {
            "module"
        } else {
            "function"
        };
        let text = describe(&communities, total, level_name, nodes.len(), modularity);
        let mut next = Vec::new();
        if let Some(first) = communities.first().and_then(|c| c.members.first()) {
            next.push(Hint::new(
                if level == Level::Module {
                    "list_importers"
                } else {
                    "find_callers"
                },
                if level == Level::Module {
                    json!({"target": first})
                } else {
                    json!({"symbol": first})
                },
                "the hub of the largest cluster",
            ));
        }
        next.push(Hint::new(
            "find_cycles",
            json!({}),
            "cycles that tie clusters together",
        ));
        Ok(Answer {
            data: Output {
                level: level_name.into(),
                modularity: round(modularity),
                total,
                communities,
            },
            text,
            next,
        })
    }
}

fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The members' common qualified-name prefix (whole segments), else the first member.
fn label(names: &[String]) -> String {
    let Some(first) = names.first() else {
        return String::new();
    };
    let mut prefix: &str = first;
    for name in &names[1..] {
        while !name.starts_with(prefix) {
            match prefix.rfind(['.', ':', '/']) {
                Some(cut) => prefix = &prefix[..cut],
                None => return first.clone(),
            }
        }
    }
    let prefix = prefix.trim_end_matches([':', '.', '/']);
    if prefix.is_empty() || names.len() == 1 {
        first.clone()
    } else {
        format!("{prefix}.*")
    }
}

/// The answer's text: one paragraph per cluster.
fn describe(
    communities: &[Community],
    total: usize,
    level_name: &str,
    connected: usize,
    modularity: f64,
) -> String {
    let mut text = format!(
        "{total} {level_name} clusters over {} connected nodes, modularity {:.2}:\n",
        connected, modularity
    );
    for c in communities {
        let links: Vec<String> = c
            .links
            .iter()
            .map(|l| format!("#{} ({})", l.community, l.weight))
            .collect();
        text.push_str(&format!(
            "#{} {} — {} members, internal weight {}{}\n    {}{}\n",
            c.id,
            c.label,
            c.size,
            c.internal,
            if links.is_empty() {
                String::new()
            } else {
                format!(", linked to {}", links.join(", "))
            },
            c.members.join(", "),
            if c.size > c.members.len() {
                ", …"
            } else {
                ""
            }
        ));
    }
    text
}

/// The nodes of `level` linked by import, call or inheritance edges (calls only between
/// functions), and the summed confidence of the edges between each pair.
fn weighted_edges(
    snap: &Snapshot,
    index: &Index,
    level: Level,
) -> (Vec<NodeIndex>, BTreeMap<(usize, usize), f64>) {
    let keep = |n: NodeIndex| match level {
        Level::Module => snap.graph[n].kind == NodeKind::Module,
        Level::Function => matches!(snap.graph[n].kind, NodeKind::Function | NodeKind::Method),
    };
    let lift = |n: NodeIndex| {
        if level == Level::Module {
            index.home(n)
        } else {
            n
        }
    };
    let mut ids: HashMap<NodeIndex, usize> = HashMap::new();
    let mut nodes: Vec<NodeIndex> = Vec::new();
    let mut weights: BTreeMap<(usize, usize), f64> = BTreeMap::new();
    for edge in (&snap.graph).edge_references() {
        let w = edge.weight();
        let admitted = match level {
            Level::Module => matches!(
                w.kind,
                EdgeKind::Imports | EdgeKind::Calls | EdgeKind::Inherits
            ),
            Level::Function => w.kind == EdgeKind::Calls,
        };
        if !admitted {
            continue;
        }
        let (a, b) = (lift(edge.source()), lift(edge.target()));
        if a == b || !keep(a) || !keep(b) {
            continue;
        }
        let mut id = |n: NodeIndex| {
            *ids.entry(n).or_insert_with(|| {
                nodes.push(n);
                nodes.len() - 1
            })
        };
        let (a, b) = (id(a), id(b));
        *weights.entry((a.min(b), a.max(b))).or_default() += f64::from(w.confidence);
    }
    (nodes, weights)
}

/// Each cluster with its members (the most connected first, up to `per`), its internal
/// weight and its three strongest links to other clusters.
fn clusters(
    snap: &Snapshot,
    nodes: &[NodeIndex],
    edges: &[(usize, usize, f64)],
    membership: &[usize],
    per: usize,
) -> Vec<Community> {
    let count = membership.iter().copied().max().map_or(0, |m| m + 1);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (node, &c) in membership.iter().enumerate() {
        members[c].push(node);
    }
    let mut degree = vec![0.0_f64; nodes.len()];
    let mut internal = vec![0.0; count];
    let mut between: HashMap<(usize, usize), f64> = HashMap::new();
    for &(a, b, w) in edges {
        degree[a] += w;
        degree[b] += w;
        let (ca, cb) = (membership[a], membership[b]);
        if ca == cb {
            internal[ca] += w;
        } else {
            *between.entry((ca, cb)).or_default() += w;
            *between.entry((cb, ca)).or_default() += w;
        }
    }
    members
        .iter()
        .enumerate()
        .map(|(id, list)| {
            let mut list = list.clone();
            list.sort_by(|&a, &b| {
                degree[b].total_cmp(&degree[a]).then(
                    snap.graph[nodes[a]]
                        .qualified_name
                        .cmp(&snap.graph[nodes[b]].qualified_name),
                )
            });
            let names: Vec<String> = list
                .iter()
                .map(|&n| snap.graph[nodes[n]].qualified_name.clone())
                .collect();
            let mut links: Vec<Link> = between
                .iter()
                .filter(|((from, _), _)| *from == id)
                .map(|(&(_, to), &weight)| Link {
                    community: to,
                    weight: round(weight),
                })
                .collect();
            links.sort_by(|a, b| {
                b.weight
                    .total_cmp(&a.weight)
                    .then(a.community.cmp(&b.community))
            });
            links.truncate(3);
            Community {
                id,
                label: label(&names),
                size: names.len(),
                members: names.into_iter().take(per).collect(),
                internal: round(internal[id]),
                links,
            }
        })
        .collect()
}
