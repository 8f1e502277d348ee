//! Stable modules (many importers, few imports) that import unstable ones (the reverse):
//! the stable-dependencies principle, with Martin's instability I = out / (in + out).

use std::collections::HashMap;

use crate::detect::graph::{GraphCtx, hit, import_graph};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let min_importers = limit.unwrap_or(10.0);
    let imports = import_graph(ctx);
    let mut fan_in: HashMap<u32, usize> = HashMap::new();
    for targets in imports.values() {
        for target in targets.keys() {
            *fan_in.entry(*target).or_default() += 1;
        }
    }
    let instability = |file: u32| {
        let out = imports.get(&file).map_or(0, HashMap::len) as f64;
        let inn = fan_in.get(&file).copied().unwrap_or(0) as f64;
        if out + inn == 0.0 {
            0.0
        } else {
            out / (out + inn)
        }
    };
    let path = |file: u32| {
        ctx.snap
            .files
            .get(file as usize)
            .map_or("?", |f| f.path.as_str())
            .to_string()
    };
    let mut out = Vec::new();
    for (source, targets) in imports {
        let stable = instability(*source);
        if stable > 0.3 || (fan_in.get(source).copied().unwrap_or(0) as f64) < min_importers {
            continue;
        }
        for (target, line) in targets {
            let unstable = instability(*target);
            if unstable >= 0.7 && imports.get(target).map_or(0, HashMap::len) >= 5 {
                out.push((path(*source), hit(rule, *line, *line, format!(
                    "stable module (instability {stable:.2}) depends on {} (instability {unstable:.2}); depend on something stabler",
                    path(*target)
                ))));
            }
        }
    }
    out
}
