//! Which methods a call on a typed receiver runs: along the MRO, through an interface or
//! trait to every implementation, `super(...)` to the base constructor; and which of
//! several same-named definitions stands.

use crate::graph::model::Resolution;
use crate::graph::resolve::Resolver;
use crate::lang::Family;
use crate::parse::{CallSite, SymbolKind};

/// Most classes a call through an interface or trait is followed into.
const MAX_IMPLEMENTORS: usize = 32;

impl Resolver {
    /// `super(...)` in a constructor: the nearest base's constructor, or the base class
    /// itself when no base declares one; never the class making the call.
    pub(super) fn super_constructor(&self, file: u32, caller: Option<u32>) -> Vec<u32> {
        let Some(class) = self.enclosing_class(file, caller) else {
            return Vec::new();
        };
        let Some(&base) = self.bases.get(&class).and_then(|b| b.first()) else {
            return Vec::new();
        };
        match self.class_member(base, "constructor") {
            Some((found, _)) => found.into_iter().filter(|&c| c != class).collect(),
            None => vec![base],
        }
    }

    /// The `impl Trait for Type` block a Rust method comes from: its file and symbol.
    pub(super) fn trait_impl_block(&self, method: u32) -> Option<(u32, &crate::parse::Symbol)> {
        let (file, symbol) = self.origin[method as usize]?;
        let symbols = &self.facts[file as usize].symbols;
        let block = &symbols[symbols[symbol as usize].parent? as usize];
        (block.kind == SymbolKind::Impl && block.detail.is_some()).then_some((file, block))
    }

    /// The project trait's declarations of the Rust methods among `found` that come from
    /// an `impl Trait for Type` block: the call names the trait's method, which the type's
    /// implementation then runs (as rust-analyzer's call hierarchy lists it).
    pub(super) fn implemented_declarations(&self, found: &[u32], name: &str) -> Vec<u32> {
        let mut out = Vec::new();
        for &method in found {
            let Some((file, block)) = self.trait_impl_block(method) else {
                continue;
            };
            let Some(trait_text) = block.detail.as_deref() else {
                continue;
            };
            for base in self.resolve_type(file, block.parent, trait_text) {
                if self.is_interface(base)
                    && let Some(declared) = self.members.get(&base).and_then(|m| m.get(name))
                {
                    out.extend(declared.iter().filter(|d| !found.contains(d)));
                }
            }
        }
        out
    }

    /// Rust looks a method up among a type's own (inherent) methods before its traits':
    /// where a type has both, a call on it is the inherent one, unless the inherent one is
    /// private to a module the caller (in module `from`) is outside of.
    fn prefer_inherent(&self, found: &mut Vec<u32>, from: u32) {
        if found.len() > 1
            && found
                .iter()
                .any(|&m| self.is_rust_node(m) && !self.in_trait_impl(m))
            && found.iter().any(|&m| self.in_trait_impl(m))
        {
            let seen = |m: u32| self.visible_from(m, from);
            if found.iter().any(|&m| !self.in_trait_impl(m) && seen(m)) {
                found.retain(|&m| !self.in_trait_impl(m));
            } else {
                found.retain(|&m| self.in_trait_impl(m));
            }
        }
    }

    /// Whether a Rust function is seen from `module`: it says who sees it (`pub`,
    /// `pub(crate)`, …), or its module (or for `pub(super)` the one above) is `module` or
    /// holds it.
    fn visible_from(&self, function: u32, module: u32) -> bool {
        let Some((file, index)) = self.origin[function as usize] else {
            return true;
        };
        let symbol = &self.facts[file as usize].symbols[index as usize];
        if !symbol.private {
            return true;
        }
        let home = self.home_module(file, Some(index));
        if home == module {
            return true;
        }
        // `pub(super)`: the module above the home one, and all inside it.
        let mut home = self.nodes[home as usize].qualified_name.as_str();
        for _ in 0..symbol.seen_above {
            match home.rsplit_once("::") {
                Some((above, _)) => home = above,
                None => return true,
            }
        }
        let module = &self.nodes[module as usize].qualified_name;
        module == home
            || module
                .strip_prefix(home)
                .is_some_and(|rest| rest.starts_with("::"))
    }

    fn is_rust_node(&self, node: u32) -> bool {
        self.origin[node as usize].is_some_and(|(file, _)| self.family(file) == Family::Rust)
    }

    /// Takes out of a Rust call's targets the trait declarations that another target
    /// implements (`implemented_declarations`), and gives them back.
    pub(super) fn declarations_beside_impls(&self, targets: &mut Vec<u32>) -> Vec<u32> {
        if targets.len() < 2 {
            return Vec::new();
        }
        let beside = |declared: u32| {
            self.parent[declared as usize].is_some_and(|p| self.is_interface(p))
                && targets.iter().any(|&other| {
                    other != declared
                        && self.nodes[other as usize].name == self.nodes[declared as usize].name
                        && self.in_trait_impl(other)
                })
        };
        let declared: Vec<u32> = targets.iter().copied().filter(|&t| beside(t)).collect();
        targets.retain(|t| !declared.contains(t));
        declared
    }

    pub(super) fn in_trait_impl(&self, method: u32) -> bool {
        self.trait_impl_block(method).is_some()
    }

    /// A redefinition replaces the earlier one (Python), an implementation follows its
    /// overloads (TS): of same-named targets keep the last.
    /// Rust: of definitions that share a qualified name (`cfg` alternatives), those a
    /// default build leaves out go, where another stays.
    pub(super) fn keep_enabled_alternatives(&self, targets: &mut Vec<u32>) {
        if targets.len() < 2 {
            return;
        }
        let name = |t: u32| self.nodes[t as usize].qualified_name.as_str();
        let off: Vec<u32> = targets
            .iter()
            .copied()
            .filter(|&t| self.configured_out(t))
            .collect();
        if off.is_empty() {
            return;
        }
        let kept: Vec<u32> = targets
            .iter()
            .copied()
            .filter(|&t| {
                !off.contains(&t)
                    || !targets
                        .iter()
                        .any(|&other| other != t && name(other) == name(t) && !off.contains(&other))
            })
            .collect();
        *targets = kept;
    }

    /// Whether a definition, or an item around it in its file (a `mod`, an `impl`), has a
    /// `cfg` a default build of its crate does not meet.
    fn configured_out(&self, node: u32) -> bool {
        let Some((file, symbol)) = self.origin[node as usize] else {
            return false;
        };
        let facts = &self.facts[file as usize];
        let crate_name = self.nodes[node as usize]
            .qualified_name
            .split("::")
            .next()
            .unwrap_or("");
        let empty = rustc_hash::FxHashSet::default();
        let features = self.crate_features.get(crate_name).unwrap_or(&empty);
        let mut at = Some(symbol);
        while let Some(index) = at {
            let declared = &facts.symbols[index as usize];
            if let Some(predicate) = &declared.cfg
                && super::cfg::enabled(predicate, features) == Some(false)
            {
                return true;
            }
            at = declared.parent;
        }
        false
    }

    pub(super) fn keep_last_definitions(&self, targets: &mut Vec<u32>) {
        if targets.len() > 1 {
            let mut seen = rustc_hash::FxHashSet::default();
            targets.reverse();
            targets.retain(|&t| seen.insert(self.nodes[t as usize].qualified_name.as_str()));
            targets.reverse();
        }
    }

    /// `a::b::f()`, `Type::f()`, `Self::f()`, and `T::f()` for a generic `T: Trait` (the
    /// trait's declaration and every implementation, as for a call through the trait).
    /// `Self::f()` in a trait's own default method is such a call too: `Self` is whichever
    /// type implements it.
    pub(super) fn static_call(
        &self,
        file: u32,
        call: &CallSite,
        scope: &str,
    ) -> (Vec<u32>, Resolution) {
        let mut owners = self.resolve_path(file, call.caller, scope);
        let mut generic = scope == "Self" && self.family(file) == Family::Rust;
        if owners.is_empty() && self.family(file) == Family::Rust && !scope.contains("::") {
            owners = self.resolve_type(file, call.caller, scope);
            generic = true;
        }
        let mut how = Resolution::Direct;
        let mut out = Vec::new();
        for owner in owners {
            if self.is_class(owner) {
                if let Some((mut found, _)) = self.class_member(owner, &call.name) {
                    if self.is_interface(owner) {
                        how = Resolution::Interface;
                        if generic {
                            out.extend(self.implementations(owner, &call.name));
                        }
                    } else {
                        let from = self.home_module(file, call.caller);
                        self.prefer_inherent(&mut found, from);
                        out.extend(self.implemented_declarations(&found, &call.name));
                    }
                    out.extend(found);
                }
            } else {
                out.extend(self.lookup_member(owner, &call.name));
            }
        }
        (out, how)
    }

    /// A method on instances of `classes`. The tier follows the receiver's type: through a
    /// trait or interface is 0.6 whatever the method's owner; a concrete type is 0.9, or
    /// 1.0 where dispatch is static (`exact`). A receiver of several types (a union) whose
    /// members define the method apart reaches each as an interface would, at 0.6. `from`
    /// is the caller's module (Rust hides a private method outside its own).
    pub(super) fn method_on(
        &self,
        classes: &[u32],
        name: &str,
        exact: bool,
        from: u32,
    ) -> (Vec<u32>, Resolution) {
        let mut how = Resolution::Direct;
        let mut out = Vec::new();
        let mut owners = 0;
        for &class in classes {
            if let Some((mut found, _)) = self.class_member(class, name) {
                self.prefer_inherent(&mut found, from);
                if !found.iter().all(|f| out.contains(f)) {
                    owners += 1;
                }
                if owners > 1 {
                    how = how.max(Resolution::Interface);
                }
                let tier = if self.is_interface(class) {
                    Resolution::Interface
                } else if exact {
                    Resolution::Direct
                } else {
                    Resolution::KnownType
                };
                how = how.max(tier);
                if !self.is_interface(class) {
                    out.extend(self.implemented_declarations(&found, name));
                }
                out.extend(found);
                if self.is_interface(class) {
                    out.extend(self.implementations(class, name));
                }
            }
        }
        (out, how)
    }

    /// What a call through a trait or interface can reach: the method in each class that
    /// implements it (directly or through an implementing class), at most `MAX_IMPLEMENTORS`.
    pub(super) fn implementations(&self, interface: u32, name: &str) -> Vec<u32> {
        let mut classes = vec![interface];
        let mut at = 0;
        while at < classes.len() && classes.len() <= MAX_IMPLEMENTORS {
            for &sub in self
                .implementors
                .get(&classes[at])
                .map_or(&[][..], Vec::as_slice)
            {
                if !classes.contains(&sub) {
                    classes.push(sub);
                }
            }
            at += 1;
        }
        let mut out = Vec::new();
        for &class in &classes[1..] {
            if self.is_interface(class) {
                continue;
            }
            if let Some((found, _)) = self.class_member(class, name) {
                for method in found {
                    let owner = self.parent[method as usize];
                    // A default body in the trait itself is not an implementation.
                    if owner.is_some_and(|o| !self.is_interface(o)) && !out.contains(&method) {
                        out.push(method);
                    }
                }
            }
        }
        out
    }
}
