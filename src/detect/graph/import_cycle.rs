//! Modules that import each other at load time, with one path around each cycle.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::detect::graph::{GraphCtx, hit, import_graph};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    let imports = import_graph(ctx);
    let mut graph = petgraph::graph::DiGraph::<u32, ()>::new();
    let mut index = HashMap::new();
    for (source, targets) in imports {
        let s = *index
            .entry(*source)
            .or_insert_with(|| graph.add_node(*source));
        for target in targets.keys() {
            let t = *index
                .entry(*target)
                .or_insert_with(|| graph.add_node(*target));
            graph.add_edge(s, t, ());
        }
    }
    let path_of = |file: u32| {
        ctx.snap
            .files
            .get(file as usize)
            .map_or("?", |f| f.path.as_str())
    };
    let mut out = Vec::new();
    for component in petgraph::algo::tarjan_scc(&graph) {
        if component.len() < 2 {
            continue;
        }
        let members: HashSet<u32> = component.iter().map(|n| graph[*n]).collect();
        let Some(&start) = members.iter().min_by_key(|f| path_of(**f)) else {
            continue;
        };
        let cycle = shortest_cycle(imports, &members, start);
        let shown: Vec<&str> = cycle.iter().map(|f| path_of(*f)).collect();
        let line = cycle
            .get(1)
            .and_then(|next| imports.get(&start)?.get(next))
            .copied()
            .unwrap_or(1);
        let extra = if members.len() > cycle.len() - 1 {
            format!(" ({} modules in this tangle)", members.len())
        } else {
            String::new()
        };
        out.push((
            path_of(start).to_string(),
            hit(
                rule,
                line,
                line,
                format!("import cycle: {}{extra}", shown.join(" → ")),
            ),
        ));
    }
    out
}

fn shortest_cycle(
    imports: &HashMap<u32, HashMap<u32, u32>>,
    members: &HashSet<u32>,
    start: u32,
) -> Vec<u32> {
    let mut previous: HashMap<u32, u32> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(file) = queue.pop_front() {
        let mut next: Vec<u32> = imports
            .get(&file)
            .map(|t| t.keys().copied().filter(|t| members.contains(t)).collect())
            .unwrap_or_default();
        next.sort_unstable();
        for target in next {
            if target == start {
                let mut path = vec![file];
                let mut at = file;
                while at != start {
                    at = previous[&at];
                    path.push(at);
                }
                path.reverse();
                path.push(start);
                return path;
            }
            if let std::collections::hash_map::Entry::Vacant(e) = previous.entry(target) {
                e.insert(file);
                queue.push_back(target);
            }
        }
    }
    vec![start, start]
}
