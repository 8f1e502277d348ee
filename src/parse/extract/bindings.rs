//! A name whose type the file states, as its captures give it: the annotation, the callee
//! whose result it holds, the call a callback was passed to, what a loop iterates, or the
//! entries of an object literal.

use tree_sitter::Node;

use super::{Caps, callbacks, objects};
use crate::parse::BindingSource;
use crate::parse::flat::FlatTree;

/// A binding as captured: see `Binding`.
pub(super) struct RawBinding<'t> {
    pub(super) name: Node<'t>,
    pub(super) field: bool,
    /// What `source` reads: a type, a callee, an iterated expression, an object.
    pub(super) ty: Node<'t>,
    pub(super) source: BindingSource,
    pub(super) position: Option<u8>,
    /// An object literal's entries, written in place of its text.
    pub(super) entries: Option<String>,
}

/// The binding one match of the `types` queries makes of `name`, if any.
pub(super) fn read<'t>(
    flat: &FlatTree<'t>,
    caps: &Caps<'t>,
    name: Node<'t>,
    field: bool,
    source: &str,
) -> Option<RawBinding<'t>> {
    let mut entries = None;
    let (ty, kind) = if let Some(ty) = caps.bind_type {
        (ty, BindingSource::Annotation)
    } else if let Some(callee) = caps.bind_call {
        (callee, BindingSource::Call)
    } else if let Some(passed) = caps.bind_passed {
        let (callee, (argument, parameter)) = callbacks::passed(flat, passed, name)?;
        (
            callee,
            BindingSource::Passed {
                argument,
                parameter,
            },
        )
    } else if let Some(iterated) = caps.bind_element {
        (iterated, BindingSource::Element)
    } else if let Some(matched) = caps.bind_unwrapped {
        (matched, BindingSource::Unwrapped)
    } else if let Some(matched) = caps.bind_unwrapped_error {
        (matched, BindingSource::UnwrappedError)
    } else if let Some(path) = caps.bind_pattern {
        let field = pattern_field(flat, name, source)?;
        let path_text = source.get(path.byte_range())?;
        entries = Some(format!("{path_text}.{field}"));
        (path, BindingSource::Pattern)
    } else {
        let object = caps.bind_object?;
        entries = Some(objects::entries(object, source)?);
        (object, BindingSource::Object)
    };
    Some(RawBinding {
        name,
        field,
        ty,
        source: kind,
        position: caps
            .bind_params
            .and_then(|list| callbacks::position(list, name)),
        entries,
    })
}

/// The field of its pattern a name binds: its place in a tuple pattern (`Number(n)`: `0`,
/// `ref` and `mut` looked through) or the field a struct pattern names (`Rect { width, .. }`,
/// `Rect { width: w, .. }`: `width`).
fn pattern_field(flat: &FlatTree<'_>, name: Node<'_>, source: &str) -> Option<String> {
    let mut inner = name;
    let mut parent = flat.parent_of(inner)?;
    while matches!(parent.kind(), "ref_pattern" | "mut_pattern") {
        inner = parent;
        parent = flat.parent_of(inner)?;
    }
    match parent.kind() {
        "tuple_struct_pattern" => {
            let mut cursor = parent.walk();
            let position = parent
                .named_children(&mut cursor)
                .filter(|c| c.kind() != "comment")
                // The first named child is the pattern's type.
                .skip(1)
                .position(|c| c.id() == inner.id())?;
            Some(position.to_string())
        }
        "field_pattern" => {
            let field = parent.child_by_field_name("name")?;
            source.get(field.byte_range()).map(str::to_string)
        }
        _ => None,
    }
}
