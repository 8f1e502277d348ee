//! Imports that go up the layers declared in `repotoire.toml` (`[[layers]]`, top first).

use crate::detect::config::globs;
use crate::detect::graph::{GraphCtx, hit, import_graph};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    let layers: Vec<(String, globset::GlobSet)> = ctx
        .config
        .layers
        .iter()
        .map(|l| (l.name.clone(), globs(&l.paths)))
        .collect();
    if layers.is_empty() {
        return Vec::new();
    }
    let path = |file: u32| {
        ctx.snap
            .files
            .get(file as usize)
            .map_or("", |f| f.path.as_str())
    };
    let layer_of = |file: u32| layers.iter().position(|(_, set)| set.is_match(path(file)));
    let mut out = Vec::new();
    for (&source, targets) in import_graph(ctx) {
        let Some(from) = layer_of(source) else {
            continue;
        };
        for (&target, &line) in targets {
            let Some(to) = layer_of(target) else { continue };
            if to < from {
                out.push((
                    path(source).to_string(),
                    hit(
                        rule,
                        line,
                        line,
                        format!(
                            "layer `{}` imports {} from layer `{}` above it",
                            layers[from].0,
                            path(target),
                            layers[to].0
                        ),
                    ),
                ));
            }
        }
    }
    out
}
