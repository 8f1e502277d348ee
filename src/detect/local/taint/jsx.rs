//! JSX attributes as assignments: React and its kin set an element's attribute from an
//! expression, which is where a URL or markup sink sits in component code.

use super::*;

impl Analyser<'_, '_, '_> {
    /// `<a href={url}>` sets the element's attribute as `a.href = url` would: assignment
    /// sinks see it under that name.
    pub(super) fn jsx_attribute(&mut self, node: u32) {
        let flat = self.flat;
        let mut parts = flat.named_children(node);
        let (Some(name), Some(value)) = (parts.next(), parts.next()) else {
            return;
        };
        if self.kind(value) != "jsx_expression" {
            return;
        }
        let Some(expr) = flat.named_children(value).next() else {
            return;
        };
        let tag = flat
            .parent(node)
            .and_then(|element| self.child(element, self.fields.name))
            .map_or("", |tag| self.text(tag));
        let target = format!("{tag}.{}", self.text(name));
        let sinks = self.sinks.assigns(self.family, &target);
        if !sinks.is_empty() {
            let shown = format!("<{tag} {}>", self.text(name));
            for sink in sinks {
                self.sink(node, expr, sink, &shown);
            }
        }
    }
}
