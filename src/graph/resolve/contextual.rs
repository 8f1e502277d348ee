//! Types a name gets from where it stands rather than from a declaration of its own: an
//! untyped parameter of a callback from what its callee declares for it, a `for … of`
//! variable or an array callback's parameter from the element type of what it iterates,
//! and what a method of a typed receiver returns, its class's type parameters replaced by
//! the receiver's type arguments (`repo.first()` on a `Repo<User>` is a `User`).

use crate::graph::resolve::calls::{LocalBindings, Receiver};
use crate::graph::resolve::{Resolver, chains, types};
use crate::lang::Family;
use crate::parse::{Binding, BindingSource};

/// Most method results typed one inside another: a receiver typed by a method result is
/// not typed through a further one (`a` in `const a = b.c(); a.d()` when `b` is itself a
/// method result), which keeps the work per call bounded in code that chains `var`s.
const MAX_NESTING: u32 = 1;
/// Most closure parameters typed one through another (`rust_elements`).
const MAX_ELEMENT_NESTING: u32 = 2;
/// Most adaptors looked through back to what an iterator chain iterates.
const MAX_ADAPTORS: usize = 8;
/// Most bases a type argument is followed up through.
const MAX_BASES: u32 = 8;

std::thread_local! {
    static NESTING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// One level of typing by a method's result (`method_returns`, a Rust chain) under way
/// on this thread; leaving it on drop.
pub(super) struct Nesting;

impl Nesting {
    /// Enters one more level, unless `limit` are under way.
    pub(super) fn enter(limit: u32) -> Option<Nesting> {
        NESTING.with(|n| {
            (n.get() < limit).then(|| {
                n.set(n.get() + 1);
                Nesting
            })
        })
    }
}

impl Drop for Nesting {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(n.get() - 1));
    }
}

/// Array methods whose callback is given an element, and which of its parameters holds it.
const ARRAY_CALLBACKS: &[(&str, u8)] = &[
    ("every", 0),
    ("filter", 0),
    ("find", 0),
    ("findIndex", 0),
    ("findLast", 0),
    ("findLastIndex", 0),
    ("flatMap", 0),
    ("forEach", 0),
    ("map", 0),
    ("reduce", 1),
    ("reduceRight", 1),
    ("some", 0),
];

/// Rust methods whose closure is given an element of their receiver (an iterator's item,
/// what an `Option` or `Result` holds): (method, argument, parameter).
const RUST_CALLBACKS: &[(&str, u8, u8)] = &[
    ("all", 0, 0),
    ("and_then", 0, 0),
    ("any", 0, 0),
    ("filter", 0, 0),
    ("filter_map", 0, 0),
    ("find", 0, 0),
    ("find_map", 0, 0),
    ("flat_map", 0, 0),
    ("fold", 1, 1),
    ("for_each", 0, 0),
    ("inspect", 0, 0),
    ("is_none_or", 0, 0),
    ("is_ok_and", 0, 0),
    ("is_some_and", 0, 0),
    ("map", 0, 0),
    ("map_or", 1, 0),
    ("map_or_else", 1, 0),
    ("max_by", 0, 0),
    ("max_by", 0, 1),
    ("max_by_key", 0, 0),
    ("min_by", 0, 0),
    ("min_by", 0, 1),
    ("min_by_key", 0, 0),
    ("partition", 0, 0),
    ("position", 0, 0),
    ("retain", 0, 0),
    ("skip_while", 0, 0),
    ("sort_by", 0, 0),
    ("sort_by", 0, 1),
    ("sort_by_key", 0, 0),
    ("sort_unstable_by", 0, 0),
    ("sort_unstable_by", 0, 1),
    ("sort_unstable_by_key", 0, 0),
    ("take_while", 0, 0),
    ("try_for_each", 0, 0),
];

/// Rust methods of a `Result` whose closure is given its error: (method, argument,
/// parameter).
const RUST_ERROR_CALLBACKS: &[(&str, u8, u8)] = &[
    ("inspect_err", 0, 0),
    ("is_err_and", 0, 0),
    ("map_err", 0, 0),
    ("map_or_else", 0, 0),
    ("or_else", 0, 0),
    ("unwrap_or_else", 0, 0),
];

/// Rust methods that hand on their receiver's elements as they are (iterator adaptors,
/// borrows of a collection or an `Option`): `xs.iter().rev().filter(…)` yields `xs`'s.
const ELEMENT_PRESERVING: &[&str] = &[
    "as_mut",
    "as_ref",
    "as_slice",
    "by_ref",
    "chain",
    "cloned",
    "copied",
    "cycle",
    "drain",
    "filter",
    "fuse",
    "inspect",
    "into_iter",
    "iter",
    "iter_mut",
    "peekable",
    "rev",
    "skip",
    "skip_while",
    "step_by",
    "take",
    "take_while",
];

impl Resolver {
    /// The classes an untyped parameter of a callback holds: parameter `parameter` of the
    /// function type that the callee (a function, or a class's constructor) declares for
    /// its argument `argument`; for an array's `forEach`, `map`, … an element.
    pub(super) fn passed_type(
        &self,
        file: u32,
        binding: &Binding,
        (argument, parameter): (u8, u8),
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        let callees = self.resolve_path(file, binding.scope, &binding.type_text);
        if callees.is_empty() && self.family(file) == Family::Rust {
            return match binding.type_text.rsplit_once('.') {
                Some((receiver, method))
                    if RUST_CALLBACKS.contains(&(method, argument, parameter)) =>
                {
                    self.rust_elements(file, binding.scope, receiver, locals)
                }
                Some((receiver, method))
                    if RUST_ERROR_CALLBACKS.contains(&(method, argument, parameter)) =>
                {
                    self.returned_error(file, binding.scope, receiver, locals)
                }
                _ => Vec::new(),
            };
        }
        if callees.is_empty() {
            return match binding.type_text.rsplit_once('.') {
                Some((array, method))
                    if argument == 0 && ARRAY_CALLBACKS.contains(&(method, parameter)) =>
                {
                    self.element_type(file, binding.scope, array, locals)
                }
                _ => Vec::new(),
            };
        }
        let mut out = Vec::new();
        for mut callee in callees {
            if self.is_class(callee) {
                match self
                    .class_member(callee, "constructor")
                    .and_then(|(found, _)| found.last().copied())
                {
                    Some(constructor) => callee = constructor,
                    None => continue,
                }
            }
            let Some((callee_file, symbol)) = self.origin[callee as usize] else {
                continue;
            };
            let declared = self.facts[callee_file as usize]
                .bindings
                .iter()
                .find(|b| b.scope == Some(symbol) && b.position == Some(argument) && b.annotated());
            let ty = declared.and_then(|b| match self.family(callee_file) {
                Family::Rust => self.rust_callback_parameter(callee_file, symbol, b, parameter),
                _ => types::function_parameter(&b.type_text, parameter),
            });
            if let Some(ty) = ty {
                out.extend(self.resolve_type(callee_file, Some(symbol), ty));
            }
        }
        out
    }

    /// The type a Rust function's callback parameter (`declared`) hands its parameter
    /// `parameter`: read off its type (`f: impl FnMut(NaiveDate) -> bool`), or off the bound
    /// of the type parameter it is declared as (`f: F` with `F: FnMut(NaiveDate) -> bool`,
    /// on the function or the impl around it).
    fn rust_callback_parameter<'f>(
        &'f self,
        file: u32,
        function: u32,
        declared: &'f Binding,
        parameter: u8,
    ) -> Option<&'f str> {
        if let Some(ty) = types::rust_callback_parameter(&declared.type_text, parameter) {
            return Some(ty);
        }
        let name = declared.type_text.trim();
        if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        // The innermost scope that bounds it: the function's own, then the impl's.
        let facts = &self.facts[file as usize];
        let around: Vec<u32> =
            std::iter::successors(Some(function), |&at| facts.symbols[at as usize].parent)
                .collect();
        facts
            .bindings
            .iter()
            .filter(|b| b.name == name && b.annotated())
            .filter_map(|b| {
                let depth = around.iter().position(|&s| Some(s) == b.scope)?;
                Some((
                    depth,
                    types::rust_callback_parameter(&b.type_text, parameter)?,
                ))
            })
            .min_by_key(|&(depth, _)| depth)
            .map(|(_, ty)| ty)
    }

    /// The classes an element of `iterable` (a local name or `this.field`) holds: the
    /// element type of its declared array, set or iterable type.
    pub(super) fn element_type(
        &self,
        file: u32,
        scope: Option<u32>,
        iterable: &str,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        let mut out = Vec::new();
        let iterable = if self.family(file) == Family::Rust {
            rust_iterated(iterable)
        } else {
            iterable
        };
        self.declarations(file, scope, iterable, locals, |file, binding| {
            if let Some(element) = types::element_of(&binding.type_text) {
                out.extend(self.resolve_type(file, binding.scope, element));
            }
        });
        if out.is_empty() && self.family(file) == Family::Rust && iterable.ends_with(')') {
            out = self.returned_elements(file, scope, iterable, locals);
        }
        out
    }

    /// The classes an element of what a Rust call returns holds (`for s in caps.spans()`,
    /// `spans` declaring `Vec<Span>`): read off the callee's declared return type, in the
    /// callee's own file.
    fn returned_elements(
        &self,
        file: u32,
        scope: Option<u32>,
        call: &str,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        let empty = LocalBindings::default();
        let mut out = Vec::new();
        for (at, symbol, returns) in
            self.last_link_returns(file, scope, call, locals.unwrap_or(&empty))
        {
            if let Some(element) = types::element_of(returns) {
                out.extend(self.resolve_type(at, Some(symbol), element));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The classes of the error a Rust call's declared `Result<T, E>` holds
    /// (`StateID::new(n).map_err(|e| e.attempted())`), or a name's or field's.
    pub(super) fn returned_error(
        &self,
        file: u32,
        scope: Option<u32>,
        call: &str,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        let call = call.trim();
        let mut out = Vec::new();
        let mut error_of = |at: u32, scope: Option<u32>, declared: &str| {
            let (_, bare) = crate::parse::Borrow::split(declared);
            let head = bare.split('<').next().unwrap_or(bare).trim();
            if head.rsplit("::").next() != Some("Result") {
                return;
            }
            if let [_, error] = types::type_arguments(bare)[..] {
                out.extend(self.resolve_type(at, scope, error.trim()));
            }
        };
        if !call.ends_with(')') {
            // A name or field declared a `Result` (`id: Result<Id, Overflow>`).
            self.declarations(file, scope, call, locals, |at, declared| {
                error_of(at, declared.scope, &declared.type_text);
            });
        } else {
            let empty = LocalBindings::default();
            for (at, symbol, returns) in
                self.last_link_returns(file, scope, call, locals.unwrap_or(&empty))
            {
                error_of(at, Some(symbol), returns);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Rust: whether a `for` variable, or a closure's parameter given the elements of
    /// what its iterator method is called on, holds elements of an outside type naming
    /// none of ours, read off the iterated name's declared type (`exprs: &[Hir]`).
    pub(super) fn elements_outside(
        &self,
        file: u32,
        binding: &Binding,
        locals: Option<&LocalBindings<'_>>,
    ) -> bool {
        let iterable = match binding.source {
            BindingSource::Element => binding.type_text.as_str(),
            BindingSource::Passed {
                argument,
                parameter,
            } => match binding.type_text.rsplit_once('.') {
                Some((receiver, method))
                    if RUST_CALLBACKS.contains(&(method, argument, parameter))
                        && self
                            .resolve_path(file, binding.scope, &binding.type_text)
                            .is_empty() =>
                {
                    receiver
                }
                _ => return false,
            },
            _ => return false,
        };
        let (mut any, mut all) = (false, true);
        self.declarations(
            file,
            binding.scope,
            rust_iterated(iterable),
            locals,
            |at, declared| {
                any = true;
                all &= types::element_of(&declared.type_text).is_some_and(|element| {
                    let (_, bare) = crate::parse::Borrow::split(element);
                    let bare = bare.trim();
                    !bare.contains(['<', '(', '[', ' '])
                        && self.outside_type_named(at, declared.scope, bare)
                });
            },
        );
        any && all
    }

    /// The classes a Rust closure given the elements of `receiver` is handed: the element
    /// type of the collection an iterator chain starts from, or what an `Option` or a
    /// `Result` holds.
    fn rust_elements(
        &self,
        file: u32,
        scope: Option<u32>,
        receiver: &str,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        // A closure's parameter may be typed through itself (`|v| v.iter().map(|v| …)`
        // binds `v` twice in one scope): a few levels, no further.
        let Some(_nested) = Nesting::enter(MAX_ELEMENT_NESTING) else {
            return Vec::new();
        };
        let out = self.element_type(file, scope, receiver, locals);
        if !out.is_empty() {
            return out;
        }
        let Some(locals) = locals else {
            return out;
        };
        self.held_in_wrapper(file, scope, rust_iterated(receiver), locals)
    }

    /// What calling `path` (`repo.first`, `this.store.get`) returns when it names a method
    /// of a typed receiver: the method's declared return type, or, where that is a type
    /// parameter of the method's class, the receiver's type argument in its place.
    pub(super) fn method_returns(
        &self,
        file: u32,
        scope: Option<u32>,
        path: &str,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        let Some((receiver, method)) = path.rsplit_once('.') else {
            return Vec::new();
        };
        if self.family(file) != Family::Ecma {
            return Vec::new();
        }
        // `let node = node.next()` types `node` by itself: one level of nesting per
        // receiver, and no further.
        let Some(_nested) = Nesting::enter(MAX_NESTING) else {
            return Vec::new();
        };
        let empty = LocalBindings::default();
        let classes = match self.receiver(file, scope, receiver, locals.unwrap_or(&empty)) {
            Receiver::Instance { classes, .. } => classes,
            _ => return Vec::new(),
        };
        let mut arguments: Vec<(u32, Option<u32>, String)> = Vec::new();
        self.declarations(file, scope, receiver, locals, |file, binding| {
            arguments.push((file, binding.scope, binding.type_text.clone()));
        });
        let mut out = Vec::new();
        for class in classes {
            let Some((methods, owner)) = self.class_member(class, method) else {
                continue;
            };
            for found in methods {
                let Some((callee_file, symbol)) = self.origin[found as usize] else {
                    continue;
                };
                let declared = &self.facts[callee_file as usize].symbols[symbol as usize];
                let Some(returns) = declared
                    .detail
                    .as_deref()
                    .filter(|_| declared.kind.is_function_like())
                else {
                    continue;
                };
                // The receiver's type arguments are its own class's; a method inherited
                // from a generic base is given them through the bases in between.
                let argument = if owner == class {
                    self.type_argument(owner, returns, &arguments)
                } else {
                    match self.base_argument(class, owner, returns, MAX_BASES) {
                        Some((_, _, through))
                            if self.type_parameter_index(class, &through).is_some() =>
                        {
                            self.type_argument(class, &through, &arguments)
                        }
                        found => found,
                    }
                };
                match argument {
                    Some((file, scope, argument)) => {
                        out.extend(self.resolve_type(file, scope, &argument))
                    }
                    None => out.extend(self.resolve_type(callee_file, Some(symbol), returns)),
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Where `returns` is a type parameter of `class` (`T` of `class Repo<T>`), the
    /// argument a declaration of the receiver gives it (`User` of `Repo<User>`), with the
    /// file and scope it is written in.
    fn type_argument(
        &self,
        class: u32,
        returns: &str,
        declarations: &[(u32, Option<u32>, String)],
    ) -> Option<(u32, Option<u32>, String)> {
        let at = self.type_parameter_index(class, returns)?;
        declarations.iter().find_map(|(file, scope, written)| {
            let argument = types::type_arguments(written).into_iter().nth(at)?;
            Some((*file, *scope, argument.to_string()))
        })
    }

    /// Where `returns` is a type parameter of `owner` and `class` inherits from `owner`
    /// through bases written with type arguments (`class UserRepo extends Repo<User>`,
    /// or through `Mid<X> extends Repo<X>`), the argument `class`'s bases give it, with
    /// the file and scope it is written in.
    fn base_argument(
        &self,
        class: u32,
        owner: u32,
        returns: &str,
        depth: u32,
    ) -> Option<(u32, Option<u32>, String)> {
        if class == owner || depth == 0 {
            return None;
        }
        let at = self.type_parameter_index(owner, returns)?;
        let (file, symbol) = self.origin[class as usize]?;
        let facts = &self.facts[file as usize];
        let scope = facts.symbols[symbol as usize].parent;
        for inherit in facts.inherits.iter().filter(|i| i.class == symbol) {
            for base in self.resolve_type(file, scope, &inherit.base) {
                let written = if base == owner {
                    types::type_arguments(&inherit.base).into_iter().nth(at)?
                } else if self.mro(base).contains(&owner) {
                    // A base that passes one of its own parameters on (`Mid<X> extends
                    // Repo<X>`) makes `Repo`'s `T` whatever `Mid<…>` is given here; one
                    // that fixes it (`Mid extends Repo<User>`) has said it already.
                    let found = self.base_argument(base, owner, returns, depth - 1)?;
                    match self.type_parameter_index(base, &found.2) {
                        Some(index) => types::type_arguments(&inherit.base)
                            .into_iter()
                            .nth(index)?,
                        None => return Some(found),
                    }
                } else {
                    continue;
                };
                return Some((file, scope, written.to_string()));
            }
        }
        None
    }

    /// The position of type parameter `name` among `class`'s (`T` of `Repo<K, T>` → 1).
    fn type_parameter_index(&self, class: u32, name: &str) -> Option<usize> {
        let (file, symbol) = self.origin[class as usize]?;
        let parameters = self.facts[file as usize].symbols[symbol as usize]
            .detail
            .as_deref()?;
        let parameters = parameters.strip_prefix('<')?.strip_suffix('>')?;
        let name = types::clean(name)?;
        parameters.split(", ").position(|p| p == name)
    }

    /// Calls `visit` with each binding that declares `path`, a local name (innermost scope
    /// first) or a field of the enclosing class (`this.items`), with the file it is in.
    fn declarations(
        &self,
        file: u32,
        scope: Option<u32>,
        path: &str,
        locals: Option<&LocalBindings<'_>>,
        mut visit: impl FnMut(u32, &Binding),
    ) {
        let self_names = self.language(file).spec().self_names;
        match path.split_once('.') {
            None => {
                let found = locals.and_then(|l| self.innermost_bindings(file, scope, path, l));
                for binding in found
                    .iter()
                    .flat_map(|f| f.iter())
                    .filter(|b| b.annotated())
                {
                    visit(file, binding);
                }
            }
            Some((first, field)) if self_names.contains(&first) && !field.contains('.') => {
                let Some(class) = self.enclosing_class(file, scope) else {
                    return;
                };
                for (f, binding) in self.field_bindings(&[class], field) {
                    if binding.annotated() {
                        visit(f, binding);
                    }
                }
            }
            // A field of a typed name or field chain (`config.items`, `self.a.items`).
            Some(_) if self.family(file) == Family::Rust => {
                let Some((owner, field)) = path.rsplit_once('.') else {
                    return;
                };
                // `for node in node.children` types `node` through itself.
                let Some(_nested) = Nesting::enter(MAX_ELEMENT_NESTING) else {
                    return;
                };
                let empty = LocalBindings::default();
                let Receiver::Instance { classes, .. } =
                    self.receiver(file, scope, owner, locals.unwrap_or(&empty))
                else {
                    return;
                };
                for (f, binding) in self.field_bindings(&classes, field) {
                    if binding.annotated() {
                        visit(f, binding);
                    }
                }
            }
            _ => {}
        }
    }
}

/// What a Rust `for` loop iterates, as declared: `&xs`, `&mut self.items`, `xs.iter()`,
/// `self.items.iter_mut()` and `xs.into_iter()` iterate `xs` and `self.items`.
/// Adaptors that keep the elements are looked through too (`xs.iter().rev()`).
fn rust_iterated(text: &str) -> &str {
    let (_, mut t) = crate::parse::facts::Borrow::split(text);
    t = t.trim_end();
    for _ in 0..MAX_ADAPTORS {
        let Some(open) = chains::opening_paren(t) else {
            break;
        };
        match t[..open].trim_end().rsplit_once('.') {
            Some((base, method)) if ELEMENT_PRESERVING.contains(&method) => t = base.trim_end(),
            _ => break,
        }
    }
    t
}
