//! Exercises every Rust pattern: the query tests require each to match here.
use crate::a::{b, c::{self, d as e}, f::*};
pub use super::g;

/// A store.
pub struct Store { db: Db }
pub union Bits { a: u32 }
pub enum Kind { A, B }
pub type Alias = Store;
pub trait Load: Clone + std::fmt::Debug + Iterator<Item = u8> { fn load(&self); }
impl Load for Store { fn load(&self) {} }
impl<T: Load, U: ?Sized + Load> Wrapper<T> where T: Clone, V: 'static + Load {
    fn new(value: T) -> Self {
        let x: Store = make();
        let y = Store::new();
        let z = build()?;
        let w = Store { db: Db };
        helper();
        Store::create();
        x.run();
        generic::<u8>();
        std::mem::size_of::<u8>();
        Vec::<u8>::with_capacity(1);
        value.method::<u8>();
        if a && b || c { } else if d { }
        for _ in 0..1 { while true { loop { break; } } }
        match k { Kind::A => 1, _ => 2 };
        Self { value }
    }
}
mod inner { fn q() {} }

fn in_macros(engine: &Engine) {
    println!("{} {}", compute(1), engine.total());
    assert_eq!(Engine::default(), make());
    assert!(engine.char() == 'a');
}

// Pattern bindings take the type of the field they match.
pub enum Token { Word(String), Number(u64) }
pub fn token_len(token: &Token) -> usize {
    match token {
        Token::Word(ref word) => word.len(),
        Token::Number(mut n) => { n += 1; n as usize }
    }
}
// Parameters and locals: a call of one calls what it holds.
fn with_params(f: fn() -> u32) -> u32 {
    let g = f;
    let h = |k| k;
    h(g())
}
fn with_patterns(pairs: Vec<(u32, u32)>, o: Option<u32>) -> u32 {
    let (a, b) = pairs[0];
    if let Some(c) = o {
        return c;
    }
    for d in 0..a {
        let _ = d;
    }
    let Some(e) = o else { return 0 };
    match o.ok_or(e) {
        Ok(ref f) => return *f,
        Err(_) => {}
    }
    let held = &pairs.len;
    let whole = pairs.len;
    let _ = (held, whole);
    b
}

// Items written by macros: a same-file `macro_rules!` with fragments, repetitions and a
// call of another macro in its body; an item-wrapping macro of another file.
macro_rules! getters {
    ($vis:vis $($field:ident),* $(,)?) => { $( $vis fn $field(&self) -> u32 { self.$field } )* };
}
macro_rules! with_getters {
    ($name:ident { $($field:ident),* }) => {
        pub struct $name { $($field: u32),* }
        impl $name { getters!(pub $($field),*); }
        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    };
}
with_getters!(Point { x, y });
with_getters!(Size { width, height, });
cfg_rt! {
    pub fn spawn_point() -> Point {
        Point { x: 1, y: 2 }
    }
}
fn with_callback<F>(f: F, g: impl Fn(&Point) -> u32) -> u32
where
    F: FnOnce(Point) -> u32,
{
    f(Point { x: 1, y: 2 }) + g(&Point { x: 0, y: 0 })
}
trait Zone {
    type Offset: Clone;
    fn offset(&self) -> Self::Offset;
}

fn tuple_patterns(a: Option<u8>, b: Option<u8>, c: Option<u8>) {
    if let (Some(x), Some(y), Some(z)) = (a, b, c) {}
    let (Some(p), Some(q), Some(r)) = (a, b, c) else { return };
    match (a, b, c) {
        (Some(m), Some(n), Some(o)) => {}
        _ => {}
    }
}

fn error_patterns(r: Result<u8, u8>) {
    if let Err(e) = r {}
    match r {
        Err(f) => {}
        _ => {}
    }
}

fn tuple_error_patterns(a: Result<u8, u8>, b: Result<u8, u8>, c: Result<u8, u8>) {
    if let (Err(x), Err(y), Err(z)) = (a, b, c) {}
    match (a, b, c) {
        (Err(m), Err(n), Err(o)) => {}
        _ => {}
    }
}
