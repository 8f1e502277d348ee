//! Parameters, and type annotations as values: `x: Flask = LocalProxy(...)`, `json:
//! JSONProvider` in a class body and `def f(app: Flask)` say the name holds an instance of
//! the class, whatever the value flow sees assigned (a library proxy, nothing at all, an
//! untyped caller's value).

use crate::parse::flow::{Expr, ExprId, Param, ParamKind};

use super::Builder;

/// Containers whose one type argument is the type of every element.
const HOMOGENEOUS: &[&str] = &[
    "AbstractSet",
    "Collection",
    "Deque",
    "FrozenSet",
    "Iterable",
    "Iterator",
    "List",
    "MutableSequence",
    "MutableSet",
    "Sequence",
    "Set",
    "Tuple",
    "deque",
    "frozenset",
    "list",
    "set",
    "tuple",
];

/// Most classes one annotation names (`A | B | None`).
const MAX_CLASSES: usize = 4;

impl Builder<'_, '_> {
    /// A definition's parameters: kinds (after `*`, keyword only), defaults and the
    /// instances their annotations name.
    pub(super) fn params(&mut self, list: u32) -> Vec<Param> {
        let mut out = Vec::new();
        let mut keyword_only = false;
        for param in self.operands(list) {
            let positional = if keyword_only {
                ParamKind::Keyword
            } else {
                ParamKind::Positional
            };
            let annotation = self.flat.field(param, "type");
            let (name, kind, default) = match self.kind(param) {
                "identifier" => (Some(param), positional, None),
                "typed_parameter" => {
                    let inner = self.operands(param).first().copied();
                    match inner.map(|i| (i, self.kind(i))) {
                        Some((i, "list_splat_pattern")) => {
                            keyword_only = true;
                            (self.operands(i).first().copied(), ParamKind::Rest, None)
                        }
                        Some((i, "dictionary_splat_pattern")) => (
                            self.operands(i).first().copied(),
                            ParamKind::RestKeywords,
                            None,
                        ),
                        Some((i, _)) => (Some(i), positional, None),
                        None => (None, positional, None),
                    }
                }
                "default_parameter" | "typed_default_parameter" => (
                    self.flat.field(param, "name"),
                    positional,
                    self.flat.field(param, "value"),
                ),
                "list_splat_pattern" => {
                    keyword_only = true;
                    (self.operands(param).first().copied(), ParamKind::Rest, None)
                }
                "dictionary_splat_pattern" => (
                    self.operands(param).first().copied(),
                    ParamKind::RestKeywords,
                    None,
                ),
                "keyword_separator" => {
                    keyword_only = true;
                    continue;
                }
                _ => continue,
            };
            let Some(name) = name.filter(|&n| self.kind(n) == "identifier") else {
                continue;
            };
            let default = default.map(|d| self.expr(d, 0));
            let annotation = match kind {
                ParamKind::Positional | ParamKind::Keyword => {
                    annotation.and_then(|a| self.annotated_instance(a))
                }
                ParamKind::Rest | ParamKind::RestKeywords => None,
            };
            out.push(Param {
                name: self.name_of(name),
                kind,
                default,
                annotation,
            });
        }
        out
    }

    /// An instance of each class annotation `node` names, or `None` when it names none this
    /// pass can follow (a container of classes, a string, a protocol of callables).
    pub(super) fn annotated_instance(&mut self, node: u32) -> Option<ExprId> {
        if let Some(element) = self.container_element(node, 0) {
            let item = self.annotated_instance(element)?;
            return Some(self.push(Expr::Many(item)));
        }
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

    /// The element annotation of a homogeneous container annotation (`list[User]`,
    /// `Sequence[User]`, `tuple[User, ...]`, under `Optional[…]` or `… | None`): iterating
    /// or indexing such a value gives an instance. Mappings are left out: iterating one
    /// gives its keys.
    fn container_element(&self, node: u32, depth: u32) -> Option<u32> {
        if depth > 4 {
            return None;
        }
        let (head, arguments) = match self.kind(node) {
            "type" => {
                let inner = self.operands(node);
                return match inner[..] {
                    [one] => self.container_element(one, depth + 1),
                    _ => None,
                };
            }
            "binary_operator" | "union_type" => {
                let sides: Vec<u32> = self
                    .operands(node)
                    .into_iter()
                    .filter(|&side| !matches!(self.text(side), "None" | "|"))
                    .collect();
                return match sides[..] {
                    [one] => self.container_element(one, depth + 1),
                    _ => None,
                };
            }
            "subscript" => {
                let parts = self.operands(node);
                (
                    self.flat.field(node, "value")?,
                    parts.into_iter().skip(1).collect(),
                )
            }
            "generic_type" => {
                let parts = self.operands(node);
                let arguments = parts.get(1).map(|&p| self.operands(p)).unwrap_or_default();
                (*parts.first()?, arguments)
            }
            _ => return None,
        };
        let head = self.text(head);
        let last = head.rsplit('.').next().unwrap_or(head);
        let arguments: Vec<u32> = arguments
            .into_iter()
            .filter(|&a| !matches!(self.text(a), "..." | "Ellipsis"))
            .collect();
        match (last, &arguments[..]) {
            ("Optional", [inner]) => self.container_element(*inner, depth + 1),
            (name, [element]) if HOMOGENEOUS.contains(&name) => Some(*element),
            _ => None,
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
