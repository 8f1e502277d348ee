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
