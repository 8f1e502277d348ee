//! The workstation's pure core: `update(&mut State, Msg) -> Vec<Cmd>` and
//! `render(&State, &mut Frame)`. No I/O, no clock, no async in here (the layering test
//! holds it); everything the core learns arrives as a `Msg`, everything it wants done
//! leaves as a `Cmd`.

pub mod cmd;
pub mod key;
pub mod layout;
pub mod markdown;
pub mod msg;
pub mod render;
pub mod slash;
pub mod state;
pub mod update;

pub use cmd::Cmd;
pub use key::{Code, Key};
pub use msg::{Msg, Preview};
pub use render::render;
pub use state::State;
pub use update::update;
