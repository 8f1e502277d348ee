//! `inconsistent-return`: functions that return a value on some paths and nothing on
//! others.

use crate::detect::local::functions::{display_name, hit};
use crate::detect::local::{Ctx, Hit};

use crate::detect::local::functions::all_returns;

pub fn inconsistent_return(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for (function, (_, bare, valued)) in ctx.collected.functions.iter().zip(all_returns(ctx)) {
        let (bare, valued) = (*bare, *valued);
        if bare > 0 && valued > 0 {
            let name = display_name(ctx, *function);
            hits.push(hit(
                "inconsistent-return",
                *function,
                format!("{name} returns a value on some paths and nothing on others ({valued} with a value, {bare} bare)"),
            ));
        }
    }
}
