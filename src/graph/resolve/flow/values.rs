//! The abstract values of the points-to pass and the variables that hold them.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Most values a variable holds; past it the variable is "anything" and calls through it
/// fall back to the name-based tiers.
pub(super) const MAX_VALUES: usize = 24;

/// Key of a container element whose key is not a constant.
pub(super) const ANY_KEY: u32 = u32::MAX;

/// What an expression can evaluate to. Node ids are the graph's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Val {
    /// A module, a class, or a function read without an instance (`C.f`, `f`).
    Def(u32),
    /// A method read through an instance: a call skips its first parameter.
    Bound(u32),
    /// A `staticmethod`: read through an instance it stays unbound.
    Static(u32),
    /// An instance of a project class.
    Inst(u32),
    /// A `property` getter: reading the attribute calls it.
    Prop(u32),
    /// `super()` inside a method of this class.
    Super(u32),
    /// Something from outside the project (interned name, `ext::OPAQUE` for any value).
    Ext(u32),
    /// A container (list, tuple, set, dict, generator, `*args`).
    Boxed(u32),
    /// A container's method (`d.get`, `xs.append`), by `containers::METHODS` index.
    BoxMethod(u32, u8),
    /// A lambda (index into the solver's lambda table).
    Lambda(u32),
}

/// What an expression holds: nearly always one or two values, so kept inline (an
/// evaluation builds several such lists).
pub(super) type Vals = SmallVec<[Val; 3]>;

/// A variable of the fixpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Var {
    /// A name in a scope (function, class or module node): locals, parameters, class
    /// attributes (a class's scope is its attributes), module globals, instance fields.
    Local(u32, u32),
    /// What a function returns.
    Ret(u32),
    /// A container's element under a key (`ANY_KEY`: any).
    Elem(u32, u32),
    /// What call `i` of file `f` returns.
    Result(u32, u32),
    /// What a function's parameter defaults and annotations give (`Unit::Def` writes it).
    Given(u32),
}

/// Nearly every variable holds one or two values and is read by a few units: kept inline,
/// they cost no allocation each (a large program has hundreds of thousands).
#[derive(Debug, Default, Clone)]
pub(super) struct Slot {
    pub(super) vals: SmallVec<[Val; 2]>,
    /// More than `MAX_VALUES` reached it: unknown.
    pub(super) top: bool,
    /// Units that read it.
    readers: SmallVec<[u32; 4]>,
}

/// The variables' values, which units read each, and the units to evaluate again because
/// something they read grew (a worklist: each unit runs again only when its inputs change).
#[derive(Default)]
pub(super) struct Store {
    /// Each variable's slot; slots live apart from the index so the hashed part stays
    /// small.
    index: FxHashMap<Var, u32>,
    slots: Vec<Slot>,
    /// The unit being evaluated.
    pub(super) current: u32,
    queue: std::collections::VecDeque<u32>,
    queued: Vec<bool>,
}

impl Store {
    /// A store for `units` units, all queued in order.
    pub(super) fn with_units(units: usize) -> Store {
        // Programs hold one to one and a third variables per unit. Room made once keeps
        // the doubling copies (and the pages they leave behind) out of the run's peak:
        // slots never written cost no memory, and an index for `units` entries is, for
        // such counts, the table growing would end with (every bucket of it is written).
        Store {
            index: FxHashMap::with_capacity_and_hasher(units, Default::default()),
            slots: Vec::with_capacity(units + units / 2),
            queue: (0..units as u32).collect(),
            queued: vec![true; units],
            ..Store::default()
        }
    }

    /// How many variables were read or written, and how many reads were listed.
    pub(super) fn size(&self) -> (usize, usize) {
        let readers = self.slots.iter().map(|s| s.readers.len()).sum();
        (self.slots.len(), readers)
    }

    /// The next unit to evaluate.
    pub(super) fn next(&mut self) -> Option<u32> {
        let unit = self.queue.pop_front()?;
        self.queued[unit as usize] = false;
        self.current = unit;
        Some(unit)
    }

    /// What `var` holds (empty when unknown or "anything"); the current unit now reads it.
    pub(super) fn get(&mut self, var: Var) -> &[Val] {
        let at = self.slot_of(var);
        self.get_at(at)
    }

    /// `get` of a variable by its slot (`slot_of`), which a plan keeps to skip hashing.
    pub(super) fn get_at(&mut self, at: u32) -> &[Val] {
        // Within one evaluation only the current unit reads, so a repeat is always last;
        // a unit evaluated again may appear once per evaluation, which the visit budget
        // bounds (and `touch` queues a unit once however often it is listed).
        let current = self.current;
        let slot = &mut self.slots[at as usize];
        if slot.readers.last() != Some(&current) {
            slot.readers.push(current);
        }
        if slot.top { &[] } else { &slot.vals }
    }

    /// Whether the variable in slot `at` holds "anything" (past `MAX_VALUES`).
    pub(super) fn is_top_at(&self, at: u32) -> bool {
        self.slots.get(at as usize).is_some_and(|slot| slot.top)
    }

    /// The slot of `var`, made on first use; slots never move, so a plan may keep one.
    pub(super) fn slot_of(&mut self, var: Var) -> u32 {
        let next = self.slots.len() as u32;
        let at = *self.index.entry(var).or_insert(next);
        if at == next {
            self.slots.push(Slot::default());
        }
        at
    }

    /// A slot no `Var` names: its owner keeps the number (a container's key list).
    pub(super) fn fresh(&mut self) -> u32 {
        self.slots.push(Slot::default());
        (self.slots.len() - 1) as u32
    }

    /// Queues every unit that read the variable in slot `at`.
    pub(super) fn touch_at(&mut self, at: u32) {
        let readers = &self.slots[at as usize].readers;
        Self::wake(readers, &mut self.queued, &mut self.queue);
    }

    fn wake(readers: &[u32], queued: &mut [bool], queue: &mut std::collections::VecDeque<u32>) {
        for &unit in readers {
            if !queued[unit as usize] {
                queued[unit as usize] = true;
                queue.push_back(unit);
            }
        }
    }

    /// Adds `vals` to `var`, keeping the set sorted; past `MAX_VALUES` it becomes "anything".
    pub(super) fn add(&mut self, var: Var, vals: &[Val]) {
        if vals.is_empty() {
            return;
        }
        let at = self.slot_of(var);
        self.add_at(at, vals);
    }

    /// `add` to a variable by its slot.
    pub(super) fn add_at(&mut self, at: u32, vals: &[Val]) {
        if vals.is_empty() {
            return;
        }
        let slot = &mut self.slots[at as usize];
        if slot.top {
            return;
        }
        let mut changed = false;
        for &val in vals {
            if let Err(at) = slot.vals.binary_search(&val) {
                slot.vals.insert(at, val);
                changed = true;
            }
        }
        if slot.vals.len() > MAX_VALUES {
            slot.top = true;
            slot.vals = SmallVec::new();
        }
        if changed {
            Self::wake(&slot.readers, &mut self.queued, &mut self.queue);
        }
    }
}

/// Appends `more` to `out` without duplicates. `more` is itself free of them (a variable's
/// values, or a list built by `extend`), so into an empty `out` it is copied whole.
pub(super) fn extend(out: &mut Vals, more: &[Val]) {
    if out.is_empty() {
        // One or two values nearly always: pushed, not handed to `memcpy`.
        out.reserve(more.len());
        for &val in more {
            out.push(val);
        }
        return;
    }
    for &val in more {
        if !out.contains(&val) {
            out.push(val);
        }
    }
}
