//! A field of the object a function returns (`return {"statusCode": 200, "body": html,
//! "headers": {…}}`, or the same bound to a name first): where a sink is one field of a
//! response built as data, as an AWS Lambda proxy response is.

use super::*;

impl Analyser<'_, '_, '_> {
    /// The value of `field` in the object `value` is (a dict or object literal) or that the
    /// name `value` was last bound to before `at`, when the sink admits that object's text.
    pub(super) fn returned_field(
        &self,
        at: u32,
        value: u32,
        field: &str,
        sink: &Sink,
    ) -> Option<u32> {
        let object = match self.kind(value) {
            "dictionary" | "object" => value,
            "identifier" => self.object_bound(at, self.text(value))?,
            _ => return None,
        };
        if !sink.admits(self.text(object)) {
            return None;
        }
        self.flat.named_children(object).find_map(|pair| {
            let key = self.child(pair, self.fields.key)?;
            let name = self.text(key).trim_matches(['"', '\'', '`']);
            (self.kind(pair) == "pair" && name == field)
                .then(|| self.child(pair, self.fields.value))
                .flatten()
        })
    }

    /// The object literal `name` is last bound to in this function before `at`, if the
    /// last binding is one.
    fn object_bound(&self, at: u32, name: &str) -> Option<u32> {
        let f = self.fields;
        for node in (self.unit..at).rev() {
            let (target, bound) = match self.kind(node) {
                "assignment" | "assignment_expression" => {
                    (self.child(node, f.left), self.child(node, f.right))
                }
                "variable_declarator" => (self.child(node, f.name), self.child(node, f.value)),
                _ => continue,
            };
            if target.is_some_and(|t| self.text(t) == name) {
                return bound.filter(|&b| matches!(self.kind(b), "dictionary" | "object"));
            }
        }
        None
    }
}
