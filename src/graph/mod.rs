//! The knowledge graph: model, resolution of facts into nodes and edges, and the immutable
//! snapshot readers share. `graph` never sees redb types.

pub mod docs;
mod each;
pub mod louvain;
pub mod model;
pub mod resolve;
pub mod snapshot;
mod stored_nodes;

pub use model::{
    Edge, EdgeKind, Node, NodeKind, OutsideCallee, OutsideKind, Resolution, UnresolvedCall,
};
pub use snapshot::{FileInfo, SharedSnapshot, Snapshot};
