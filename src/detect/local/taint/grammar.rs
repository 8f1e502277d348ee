//! What the analysis reads of each grammar: the node kinds it acts on and the field ids
//! it asks for, each looked up once rather than per node.

use crate::parse::flat::{FlatTree, KindSet};

/// Literal containers and spreads: their value is made of their elements.
pub(super) const CONTAINERS: &[&str] = &[
    "list",
    "tuple",
    "array",
    "set",
    "dictionary",
    "object",
    "pair",
    "spread_element",
    "list_splat",
    "dictionary_splat",
    "array_expression",
    "tuple_expression",
    // Rust's `User { name: x }` and `User { name }`: its fields carry what they were given.
    "struct_expression",
    "field_initializer_list",
    "field_initializer",
    "shorthand_field_initializer",
];

/// The statement and expression kinds `Analyser::visit` acts on.
const VISITED: &[&str] = &[
    "assignment",
    "assignment_expression",
    "augmented_assignment",
    "augmented_assignment_expression",
    "variable_declarator",
    "for_statement",
    "for_in_statement",
    "call",
    "call_expression",
    "new_expression",
    "if_statement",
    "assert_statement",
    "return_statement",
    "yield",
    "yield_expression",
    "let_declaration",
    "let_condition",
    "compound_assignment_expr",
    "for_expression",
    "if_expression",
    "jsx_attribute",
    "macro_invocation",
    "with_item",
];

/// `VISITED` by kind id.
pub(super) static VISITED_KINDS: KindSet = KindSet::new(VISITED);

/// Rust closures, which the pass collects no functions of.
pub(super) static CLOSURES: KindSet = KindSet::new(&["closure_expression"]);

/// The grammar's field ids this analysis reads, looked up once per file (0: the
/// grammar has no such field, which no child carries).
pub(super) struct Fields {
    pub(super) left: u16,
    pub(super) right: u16,
    pub(super) name: u16,
    pub(super) value: u16,
    pub(super) function: u16,
    pub(super) constructor: u16,
    pub(super) arguments: u16,
    pub(super) object: u16,
    pub(super) operator: u16,
    pub(super) parameters: u16,
    pub(super) body: u16,
    pub(super) condition: u16,
    pub(super) pattern: u16,
    pub(super) key: u16,
}

impl Fields {
    pub(super) fn of(flat: &FlatTree<'_>) -> Fields {
        Fields {
            left: flat.field_id("left"),
            right: flat.field_id("right"),
            name: flat.field_id("name"),
            value: flat.field_id("value"),
            function: flat.field_id("function"),
            constructor: flat.field_id("constructor"),
            arguments: flat.field_id("arguments"),
            object: flat.field_id("object"),
            operator: flat.field_id("operator"),
            parameters: flat.field_id("parameters"),
            body: flat.field_id("body"),
            condition: flat.field_id("condition"),
            pattern: flat.field_id("pattern"),
            key: flat.field_id("key"),
        }
    }
}
