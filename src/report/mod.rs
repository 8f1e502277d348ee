//! Output formats. Wire shapes are their own types here, converted from internal ones, so
//! the graph can change without breaking a contract.

pub mod findings_json;
pub mod findings_text;
pub mod graph_dot;
pub mod graph_json;
pub mod markdown;
pub mod sarif;
pub mod stats;
pub mod summary;
