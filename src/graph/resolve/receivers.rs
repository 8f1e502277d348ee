//! What a call's receiver is: a module or class named statically, an instance of known
//! classes (`self`, a typed local or field, a constructor, a callee's declared return
//! type), something from outside the project, or unknown.

use crate::graph::model::NodeKind;
use crate::graph::resolve::calls::{LocalBindings, Receiver};
use crate::graph::resolve::{Resolver, chains, rust_locals, types};
use crate::lang::Family;
use crate::parse::{Binding, BindingSource};

impl Resolver {
    pub(super) fn receiver(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Receiver {
        if self.family(file) == Family::Rust
            && let Some(inner) = rust_locals::dereferenced(text)
        {
            return self.dereferenced_receiver(file, caller, inner, locals);
        }
        let spec = self.language(file).spec();
        let ecma_super = text == "super" && self.family(file) == Family::Ecma;
        if ecma_super || text == "super()" || text.starts_with("super(") {
            let Some(class) = self.enclosing_class(file, caller) else {
                return Receiver::Unknown;
            };
            return Receiver::Super(self.mro(class).into_iter().skip(1).collect());
        }
        if let Some(receiver) = self.chain_receiver(file, caller, text, locals) {
            return receiver;
        }
        if let Some(classes) = self.returned_classes(file, caller, text, locals) {
            return Receiver::some_of(classes);
        }
        if text.contains(['(', '[', ' ', '\n', '"', '\'']) {
            return Receiver::Unknown;
        }
        let segments: Vec<&str> = text.split('.').collect();
        let Some((&first, rest)) = segments.split_first() else {
            return Receiver::Unknown;
        };
        let (mut classes, exact) = if spec.self_names.contains(&first) {
            let class: Vec<u32> = self.enclosing_class(file, caller).into_iter().collect();
            if class.is_empty() && rest.is_empty() && self.family(file) == Family::Ecma {
                return Receiver::UnclassedThis;
            }
            (class, self.family(file) == Family::Rust && rest.is_empty())
        } else if self.family(file) == Family::Ecma
            && let Some(objects) = self.object_named(file, caller, first, locals)
        {
            return self.object_receiver(objects, rest);
        } else if let Some(types) = self.local_type(file, caller, first, locals) {
            (types, false)
        } else if let Some(types) = self.imported_type(file, caller, first) {
            (types, false)
        } else if self.local_is_external(file, caller, first, locals) {
            return Receiver::External;
        } else {
            let nodes = self.members_along(self.lookup_name(file, caller, first), rest);
            if self.all_namespaces(&nodes) {
                return Receiver::Static(nodes);
            }
            let home = self.home_module(file, caller);
            let imported = self
                .bindings
                .get(&home)
                .is_some_and(|b| b.contains_key(first));
            // A JavaScript global (`Object.create`, `JSON.parse`) is never the project's.
            let global = self.family(file) == Family::Ecma && super::outside::is_ecma_global(first);
            return if nodes.is_empty() && (imported || global) {
                Receiver::External
            } else {
                Receiver::Unknown
            };
        };
        for field in rest {
            let owners = classes;
            classes = self.field_type(&owners, field);
            if classes.is_empty() && self.family(file) == Family::Rust {
                classes = self.generic_field_type(file, caller, &owners, field);
            }
            if classes.is_empty() && self.field_is_external(&owners, field) {
                return Receiver::External;
            }
        }
        if classes.is_empty() {
            Receiver::Unknown
        } else {
            Receiver::Instance { classes, exact }
        }
    }

    /// What `segments` name, read one after another off `nodes` (`a.b.c`).
    pub(super) fn members_along(&self, mut nodes: Vec<u32>, segments: &[&str]) -> Vec<u32> {
        for segment in segments {
            nodes = nodes
                .iter()
                .flat_map(|&n| self.lookup_member(n, segment))
                .collect();
        }
        nodes
    }

    /// Whether `nodes` are modules and classes only (and some): a call on them is static.
    pub(super) fn all_namespaces(&self, nodes: &[u32]) -> bool {
        !nodes.is_empty() && nodes.iter().all(|&n| self.is_namespace(n))
    }

    pub(super) fn is_namespace(&self, node: u32) -> bool {
        matches!(
            self.nodes[node as usize].kind,
            NodeKind::Module | NodeKind::Class
        )
    }

    /// `super.name()`: the first class after the caller's in its MRO that defines `name`,
    /// dispatched statically. Interfaces declare and never run a method, so they are
    /// passed over; a method no project class defines comes from an outside base.
    pub(super) fn super_method(&self, after: &[u32], name: &str) -> Vec<u32> {
        after
            .iter()
            .filter(|&&owner| !self.is_interface(owner))
            .find_map(|owner| self.members.get(owner).and_then(|m| m.get(name)))
            .cloned()
            .unwrap_or_default()
    }

    /// A receiver that is itself a call (`make()`, `Foo::new(x)`, `this.store()`, `new Foo()`):
    /// the class it constructs or its callee's declared return type. `None` when the text is
    /// not one call of a plain path.
    fn returned_classes(
        &self,
        file: u32,
        caller: Option<u32>,
        text: &str,
        locals: &LocalBindings<'_>,
    ) -> Option<Vec<u32>> {
        let text = text.trim();
        let (text, constructed) = match text.strip_prefix("new ") {
            Some(rest) => (rest.trim_start(), true),
            None => (text, false),
        };
        let open = text.find('(')?;
        if !text.ends_with(')') || closing_paren(text, open) != Some(text.len() - 1) {
            return None;
        }
        let path = &text[..open];
        if path.is_empty() || path.contains(['(', ')', '[', ' ', '\n', '"', '\'', '<']) {
            return None;
        }
        let spec = self.language(file).spec();
        let separator = if path.contains("::") { "::" } else { "." };
        let segments: Vec<&str> = path.split(separator).collect();
        let callees = match segments.split_first() {
            Some((first, rest)) if spec.self_names.contains(first) && *first != "Self" => {
                let mut nodes: Vec<u32> = self.enclosing_class(file, caller).into_iter().collect();
                for segment in rest {
                    nodes = nodes
                        .iter()
                        .flat_map(|&n| self.lookup_member(n, segment))
                        .collect();
                }
                nodes
            }
            _ => self.resolve_path(file, caller, path),
        };
        if callees.is_empty() && !constructed {
            return Some(self.method_returns(file, caller, path, Some(locals)));
        }
        let mut out = Vec::new();
        for callee in callees {
            if self.is_class(callee) {
                out.push(callee);
                continue;
            }
            if constructed {
                continue;
            }
            let Some((callee_file, symbol)) = self.origin[callee as usize] else {
                continue;
            };
            let declared = &self.facts[callee_file as usize].symbols[symbol as usize];
            if declared.kind.is_function_like()
                && let Some(returns) = &declared.detail
            {
                out.extend(self.resolve_type(callee_file, Some(symbol), returns));
            }
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    /// Whether the innermost binding of a local or parameter is annotated with a type from
    /// outside the project (`f: &mut fmt::Formatter`, `c: Client` imported from a library,
    /// `s: string`): its methods are not ours.
    fn local_is_external(
        &self,
        file: u32,
        caller: Option<u32>,
        name: &str,
        locals: &LocalBindings<'_>,
    ) -> bool {
        // A callback's parameter of the same name (`|hir| …` beside `hir: &Hir`) that typed
        // nothing says nothing either way: the declarations decide.
        self.innermost_bindings(file, caller, name, locals)
            .is_some_and(|bindings| {
                let mut declared = bindings
                    .iter()
                    .filter(|b| !matches!(b.source, BindingSource::Passed { .. }))
                    .peekable();
                declared.peek().is_some()
                    && declared.all(|b| b.annotated() && self.names_outside_type(file, b))
            })
    }

    fn field_is_external(&self, classes: &[u32], field: &str) -> bool {
        let mut bindings = classes.iter().flat_map(|&class| {
            self.mro(class).into_iter().flat_map(move |owner| {
                self.fields
                    .get(&owner)
                    .and_then(|f| f.get(field))
                    .cloned()
                    .unwrap_or_default()
            })
        });
        let mut any = false;
        let all = bindings.all(|(file, index)| {
            any = true;
            let binding = &self.facts[file as usize].bindings[index as usize];
            binding.annotated() && self.names_outside_type(file, binding)
        });
        any && all
    }

    /// A type annotation naming no project class: a library or built-in type.
    fn names_outside_type(&self, file: u32, binding: &Binding) -> bool {
        if self.family(file) == Family::Rust && types::opaque_in_rust(&binding.type_text) {
            return true;
        }
        let Some(clean) = types::clean(&binding.type_text) else {
            return false;
        };
        if !self
            .resolve_type(file, binding.scope, &binding.type_text)
            .is_empty()
        {
            return false;
        }
        let first = clean
            .split("::")
            .next()
            .and_then(|s| s.split('.').next())
            .unwrap_or("");
        match self.family(file) {
            Family::Rust => true,
            Family::Python => {
                self.imported_from_outside(file, binding.scope, first)
                    || types::is_builtin_type(Family::Python, first)
            }
            Family::Ecma => {
                self.imported_from_outside(file, binding.scope, first)
                    || types::is_builtin_type(Family::Ecma, first)
            }
        }
    }

    /// A name the file imports that resolves to nothing in the project.
    fn imported_from_outside(&self, file: u32, scope: Option<u32>, name: &str) -> bool {
        let home = self.home_module(file, scope);
        self.bindings
            .get(&home)
            .is_some_and(|b| b.contains_key(name))
            && self.lookup_name(file, scope, name).is_empty()
    }

    /// The classes an imported variable holds, by its declaration where it is exported
    /// (`export const clock: Clock = …`), in TypeScript and JavaScript.
    fn imported_type(&self, file: u32, caller: Option<u32>, name: &str) -> Option<Vec<u32>> {
        if self.family(file) != Family::Ecma {
            return None;
        }
        let types: Vec<u32> = self
            .imported_bindings(file, caller, name)
            .into_iter()
            .flat_map(|(source, b)| self.binding_type(source, b, None))
            .collect();
        (!types.is_empty()).then_some(types)
    }

    /// The type of a local variable or parameter, from the innermost scope that binds it.
    pub(super) fn local_type(
        &self,
        file: u32,
        caller: Option<u32>,
        name: &str,
        locals: &LocalBindings<'_>,
    ) -> Option<Vec<u32>> {
        let bindings = self.innermost_bindings(file, caller, name, locals)?;
        // A name bound many times over is read through its other bindings, not through
        // chains of its own: each chain reads its names' bindings in turn.
        let many = bindings.len() > chains::MAX_CHAINED_BINDINGS;
        let types: Vec<u32> = bindings
            .iter()
            .filter(|b| {
                !(many && b.source == BindingSource::Call && chains::is_chain(&b.type_text))
            })
            .flat_map(|b| self.binding_type(file, b, Some(locals)))
            .collect();
        (!types.is_empty()).then_some(types)
    }

    /// The bindings of `name` in the innermost scope around `scope` that binds it (the
    /// scope itself, its enclosing definitions, then the module).
    pub(super) fn innermost_bindings<'l, 'b>(
        &self,
        file: u32,
        scope: Option<u32>,
        name: &'l str,
        locals: &'l LocalBindings<'b>,
    ) -> Option<std::borrow::Cow<'l, [&'b Binding]>> {
        let facts = &self.facts[file as usize];
        let mut at = scope;
        loop {
            if let Some(bindings) = locals.get(&(at, name)) {
                return Some(super::site::in_effect(bindings));
            }
            at = facts.symbols[at? as usize].parent;
        }
    }

    /// The bindings that declare `field` of the first of `classes` (along its MRO) that
    /// has one, with their files.
    pub(super) fn field_bindings(&self, classes: &[u32], field: &str) -> Vec<(u32, &Binding)> {
        for &class in classes {
            for owner in self.mro(class) {
                if let Some(bindings) = self.fields.get(&owner).and_then(|f| f.get(field)) {
                    return bindings
                        .iter()
                        .map(|&(file, index)| {
                            (file, &self.facts[file as usize].bindings[index as usize])
                        })
                        .collect();
                }
            }
        }
        Vec::new()
    }

    pub(super) fn field_type(&self, classes: &[u32], field: &str) -> Vec<u32> {
        for &class in classes {
            for owner in self.mro(class) {
                if let Some(bindings) = self.fields.get(&owner).and_then(|f| f.get(field)) {
                    let types: Vec<u32> = bindings
                        .iter()
                        .flat_map(|&(file, index)| {
                            self.binding_type(
                                file,
                                &self.facts[file as usize].bindings[index as usize],
                                None,
                            )
                        })
                        .collect();
                    if !types.is_empty() {
                        return types;
                    }
                }
            }
        }
        Vec::new()
    }

    /// A Rust field whose type is a parameter of its struct (`read: R` in `struct
    /// Parser<R>`): what the parameter is bound to where the field is read (the `impl<R:
    /// Read> Parser<R>` around the method), since the struct itself bounds nothing.
    fn generic_field_type(
        &self,
        file: u32,
        caller: Option<u32>,
        classes: &[u32],
        field: &str,
    ) -> Vec<u32> {
        let mut out = Vec::new();
        for class in classes {
            let Some(bindings) = self.fields.get(class).and_then(|f| f.get(field)) else {
                continue;
            };
            for &(owner_file, index) in bindings {
                let text = &self.facts[owner_file as usize].bindings[index as usize].type_text;
                if owner_file == file
                    && text.starts_with(|c: char| c.is_ascii_uppercase())
                    && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    out.extend(self.resolve_type(file, caller, text));
                }
            }
        }
        out
    }

    /// The type of the field a Rust pattern binds: of a struct (`Rect { width, .. }`,
    /// `Pair(a, b)`) or of an enum's variant (`Value::Number(n)`, `Self::Number(n)`).
    fn pattern_type(&self, file: u32, binding: &Binding) -> Vec<u32> {
        let Some((path, field)) = binding.type_text.rsplit_once('.') else {
            return Vec::new();
        };
        let structs = self.resolve_type(file, binding.scope, path);
        if !structs.is_empty() {
            return self.field_type(&structs, field);
        }
        let Some((owner, variant)) = path.rsplit_once("::") else {
            return Vec::new();
        };
        let enums = self.resolve_type(file, binding.scope, owner);
        self.field_type(&enums, &format!("{variant}.{field}"))
    }

    /// The classes a binding holds: its annotation, its constructor, or its callee's
    /// declared return type.
    pub(super) fn binding_type(
        &self,
        file: u32,
        binding: &Binding,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        match binding.source {
            BindingSource::Passed {
                argument,
                parameter,
            } => return self.passed_type(file, binding, (argument, parameter), locals),
            BindingSource::Element => {
                return self.element_type(file, binding.scope, &binding.type_text, locals);
            }
            BindingSource::Annotation
                if self.family(file) == Family::Rust
                    && types::opaque_in_rust(&binding.type_text) =>
            {
                return Vec::new();
            }
            BindingSource::Annotation => {
                return self.resolve_type(file, binding.scope, &binding.type_text);
            }
            BindingSource::Object => return Vec::new(),
            BindingSource::Pattern => return self.pattern_type(file, binding),
            BindingSource::Unwrapped => return self.unwrapped_type(file, binding, locals),
            BindingSource::UnwrappedError => {
                return self.returned_error(file, binding.scope, &binding.type_text, locals);
            }
            BindingSource::Call => {}
        }
        if self.family(file) == Family::Rust && rust_locals::is_field_path(&binding.type_text) {
            return self.field_path_type(file, binding, locals);
        }
        if self.family(file) == Family::Rust && chains::is_chain(&binding.type_text) {
            // `let input = input.next()?`: a name rebound from itself (a parser's cursor,
            // often dozens of times in one function) reads the one bound before it, a few
            // levels back (`chain_value`'s nesting); reading each through all the others
            // multiplied.
            let _before = match rust_locals::read_before(binding, &binding.type_text) {
                Ok(site) => site,
                Err(()) => return Vec::new(),
            };
            return locals
                .and_then(|locals| {
                    self.chain_value(file, binding.scope, &binding.type_text, locals)
                })
                .filter(|value| !value.wrapped)
                .map_or_else(Vec::new, |value| value.classes);
        }
        let callees = self.resolve_path(file, binding.scope, &binding.type_text);
        if callees.is_empty() {
            return self.method_returns(file, binding.scope, &binding.type_text, locals);
        }
        let mut out = Vec::new();
        for callee in callees {
            if self.is_class(callee) {
                out.push(callee);
                continue;
            }
            let Some((callee_file, symbol)) = self.origin[callee as usize] else {
                continue;
            };
            let declared = &self.facts[callee_file as usize].symbols[symbol as usize];
            if let Some(returns) = &declared.detail {
                out.extend(self.resolve_type(callee_file, Some(symbol), returns));
            }
        }
        out
    }
}

/// Where the parenthesis opened at byte `open` closes.
fn closing_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}
