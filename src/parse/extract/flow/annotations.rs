//! Type annotations as values: `x: Flask = LocalProxy(...)`, `json: JSONProvider` in a class
//! body and `def f(app: Flask)` say the name holds an instance of the class, whatever the
//! value flow sees assigned (a library proxy, nothing at all, an untyped caller's value).

use crate::parse::flow::{Expr, ExprId};

use super::Builder;

/// Most classes one annotation names (`A | B | None`).
const MAX_CLASSES: usize = 4;

impl Builder<'_, '_> {
    /// An instance of each class annotation `node` names, or `None` when it names none this
    /// pass can follow (a container of classes, a string, a protocol of callables).
    pub(super) fn annotated_instance(&mut self, node: u32) -> Option<ExprId> {
        let mut classes = Vec::new();
        self.annotation_classes(node, 0, &mut classes);
        let classes: Vec<ExprId> = classes
            .into_iter()
            .take(MAX_CLASSES)
            .map(|class| self.expr(class, 0))
            .collect();
        let class = match classes[..] {
            [] => return None,
            [one] => one,
            _ => {
                let run = self.run(&classes);
                self.push(Expr::Either(run))
            }
        };
        Some(self.push(Expr::InstanceOf(class)))
    }

    /// The class names an annotation spells: itself, either side of `|`, the arguments of
    /// `Optional[...]` and `Union[...]`.
    fn annotation_classes(&self, node: u32, depth: u32, out: &mut Vec<u32>) {
        if depth > 8 || out.len() >= MAX_CLASSES {
            return;
        }
        match self.kind(node) {
            "identifier" | "attribute" if self.text(node) != "None" => out.push(node),
            "type" | "union_type" => {
                for part in self.operands(node) {
                    self.annotation_classes(part, depth + 1, out);
                }
            }
            "binary_operator" => {
                for side in ["left", "right"] {
                    if let Some(part) = self.flat.field(node, side) {
                        self.annotation_classes(part, depth + 1, out);
                    }
                }
            }
            "subscript" => {
                let wraps = self
                    .flat
                    .field(node, "value")
                    .is_some_and(|v| is_optional_or_union(self.text(v)));
                if wraps {
                    for part in self.operands(node).into_iter().skip(1) {
                        self.annotation_classes(part, depth + 1, out);
                    }
                }
            }
            "generic_type" => {
                let parts = self.operands(node);
                let wraps = parts
                    .first()
                    .is_some_and(|&v| is_optional_or_union(self.text(v)));
                if wraps {
                    for &part in &parts[1..] {
                        self.annotation_classes(part, depth + 1, out);
                    }
                }
            }
            "type_parameter" => {
                for part in self.operands(node) {
                    self.annotation_classes(part, depth + 1, out);
                }
            }
            _ => {}
        }
    }

    fn text(&self, node: u32) -> &str {
        self.flat.text(node, self.source)
    }
}

fn is_optional_or_union(name: &str) -> bool {
    let last = name.rsplit('.').next().unwrap_or(name);
    last == "Optional" || last == "Union"
}
