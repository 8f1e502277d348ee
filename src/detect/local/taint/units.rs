//! What taint analyses a unit as: a function's class (whose fields its methods hand on to
//! each other), the name findings and summaries call it by, and the fields its file types
//! as numbers.

use rustc_hash::{FxHashMap, FxHashSet};

use super::tables::Tables;
use super::{ClassFields, Origin, Taint};
use crate::detect::local::functions::bound_name;
use crate::parse::FileFacts;
use crate::parse::flat::FlatTree;

/// The class a function is a method of (Python and JS/TS classes).
pub(super) fn enclosing_class(flat: &FlatTree<'_>, function: u32) -> Option<u32> {
    let mut at = flat.parent(function);
    for _ in 0..4 {
        let node = at?;
        match flat.kind(node) {
            "class_definition" | "class_declaration" | "class" => return Some(node),
            "block" | "class_body" | "decorated_definition" => at = flat.parent(node),
            _ => return None,
        }
    }
    None
}

/// Keeps the fields a method set from a source, and those a constructor set from its
/// parameters, for the class's later methods.
pub(super) fn keep_source_fields(
    fields: &mut ClassFields,
    class: u32,
    env: &FxHashMap<String, Taint>,
    constructor: Option<u32>,
) {
    for (name, taint) in env {
        if !(name.starts_with("self.") || name.starts_with("this.")) {
            continue;
        }
        let kept = match (&*taint.origin, constructor) {
            (Origin::Source(_), _) => taint.clone(),
            // A constructor's parameter: the methods that read the field speak for the
            // constructor's callers.
            (Origin::Param(..), Some(line)) if taint.owner.is_none() => Taint {
                owner: Some(line),
                ..taint.clone()
            },
            _ => continue,
        };
        fields
            .entry(class)
            .or_default()
            .entry(name.clone())
            .or_insert(kept);
    }
}

/// A function's name, or the name it is bound to (`const f = () => …`,
/// `exports.handler = async (event) => …`), else `<anonymous>`.
pub(super) fn function_name(flat: &FlatTree<'_>, source: &str, function: u32, name: u16) -> String {
    if let Some(own) = flat.child_by_field(function, name) {
        return flat.text(own, source).to_string();
    }
    let bound = bound_name(flat, source, function);
    bound.map_or_else(
        || "<anonymous>".to_string(),
        |text| {
            // A quoted key (`"EventLog.Write": (request) => …`) names it without its quotes.
            let text = text.trim_matches(['"', '\'', '`']);
            text.rsplit('.').next().unwrap_or(text).to_string()
        },
    )
}

/// The fields whose every typed declaration in the file is of a safe type.
pub(super) fn safe_fields(facts: &FileFacts, tables: &Tables) -> FxHashSet<String> {
    let mut verdicts: FxHashMap<&str, bool> = FxHashMap::default();
    for binding in facts.bindings.iter().filter(|b| b.field && b.annotated()) {
        let safe = tables.is_safe_type(&binding.type_text);
        *verdicts.entry(binding.name.as_str()).or_insert(true) &= safe;
    }
    verdicts
        .into_iter()
        .filter(|&(_, safe)| safe)
        .map(|(name, _)| name.to_string())
        .collect()
}
