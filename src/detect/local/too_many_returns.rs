//! `too-many-returns`: functions with three or more return statements.

use crate::detect::local::functions::{display_name, hit};
use crate::detect::local::{Ctx, Hit};

use crate::detect::local::functions::all_returns;

pub fn too_many_returns(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for (function, (total, _, _)) in ctx.collected.functions.iter().zip(all_returns(ctx)) {
        let total = *total;
        if total >= 3 {
            let name = display_name(ctx, *function);
            let mut found = hit(
                "too-many-returns",
                *function,
                format!("{name} has {total} return statements"),
            );
            found.value = Some(f64::from(total));
            hits.push(found);
        }
    }
}
