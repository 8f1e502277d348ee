//! Guards seen per branch: an `if` whose test vouches for names (`x in ALLOWED`,
//! `ALLOWED.includes(x)`, `x == "ls"`) clears them in the branch where the test holds, leaves
//! them as they were in the other, and after the `if` clears them only where the other
//! branch cannot fall through with them (it returns, raises, aborts, or gives them a clean
//! value): `if x not in ALLOWED: abort(400)` vouches for what follows; `if x in ALLOWED:
//! run(x)` does not, and its `else` still holds the input.
//!
//! The function's nodes are visited in document order (`Analyser::visit_inside`); what
//! happens at a branch's end is scheduled by the flat-tree index where the branch ends.

use super::{Analyser, Taint, unknown::Shape};

/// What a name held: its taint and what it may carry otherwise.
type Held = (String, Option<Taint>, Option<Shape>);

pub(super) enum Event {
    /// The branch where the test holds is over: the names hold again what they held before.
    Restore(Vec<Held>),
    /// The `else` of a test that holds there is over, and it cannot fall through: the
    /// names are vouched for after the `if`.
    Clear(Vec<String>),
    /// The branch where the test fails (`if x not in ALLOWED:`) is over: the names are
    /// vouched for in the `else`; after the `if` they hold what this branch left (`if`'s
    /// end, `end`), unless it could not fall through.
    FailedBranchEnds {
        names: Vec<String>,
        exits: bool,
        end: u32,
    },
}

impl Analyser<'_, '_, '_> {
    /// An `if` whose test vouches for names: returns false where the test's sense is not
    /// known (the caller then vouches for the names from here on, as before).
    pub(super) fn branch_guard(&mut self, node: u32, condition: u32) -> bool {
        let Some((negated, names)) = self.vouched(condition) else {
            return false;
        };
        if names.is_empty() {
            return true;
        }
        let Some(consequence) = self.flat.field(node, "consequence") else {
            return false;
        };
        let then_end = self.flat.entry(consequence).end;
        let if_end = self.flat.entry(node).end;
        if negated {
            let exits = self.exits(consequence);
            self.schedule(
                then_end,
                Event::FailedBranchEnds {
                    names,
                    exits,
                    end: if_end,
                },
            );
        } else {
            let held = self.held(&names);
            self.vouch(&names);
            self.schedule(then_end, Event::Restore(held));
            if self.alternatives_exit(node) {
                self.schedule(if_end, Event::Clear(names));
            }
        }
        true
    }

    /// Applies what is due before node `index` is visited (all of it with `u32::MAX`).
    pub(super) fn run_scheduled(&mut self, index: u32) {
        while self.scheduled.last().is_some_and(|(at, _)| *at <= index) {
            let Some((_, event)) = self.scheduled.pop() else {
                break;
            };
            match event {
                Event::Restore(held) => self.restore(held),
                Event::Clear(names) => self.vouch(&names),
                Event::FailedBranchEnds { names, exits, end } => {
                    let held = self.held(&names);
                    self.vouch(&names);
                    if !exits {
                        self.schedule(end, Event::Restore(held));
                    }
                }
            }
        }
    }

    /// Kept ordered by index, latest first (the next due is last); of events due at the
    /// same index the one scheduled last runs first, as an `if` nested in a branch ends
    /// before the branch around it.
    fn schedule(&mut self, at: u32, event: Event) {
        let position = self
            .scheduled
            .iter()
            .position(|(due, _)| *due < at)
            .unwrap_or(self.scheduled.len());
        self.scheduled.insert(position, (at, event));
    }

    fn held(&self, names: &[String]) -> Vec<Held> {
        names
            .iter()
            .map(|n| {
                (
                    n.clone(),
                    self.env.get(n).cloned(),
                    self.known.get(n).copied(),
                )
            })
            .collect()
    }

    fn restore(&mut self, held: Vec<Held>) {
        for (name, taint, shape) in held {
            match taint {
                Some(taint) => self.env.insert(name.clone(), taint),
                None => self.env.remove(&name),
            };
            match shape {
                Some(shape) => self.known.insert(name, shape),
                None => self.known.remove(&name),
            };
        }
    }

    fn vouch(&mut self, names: &[String]) {
        for name in names {
            self.env.remove(name);
            self.known.insert(name.clone(), Shape::default());
        }
    }

    /// Whether a test vouches where it fails (`not in`, `!==`, `not ok`), and the names
    /// it vouches for: `None` where its parts disagree or it is not a test this reads.
    fn vouched(&self, condition: u32) -> Option<(bool, Vec<String>)> {
        let text = self.text(condition);
        let first = self.flat.named_children(condition).next();
        match self.kind(condition) {
            "parenthesized_expression" => self.vouched(first?),
            "not_operator" => self.vouched(first?).map(|(n, names)| (!n, names)),
            "unary_expression" if text.starts_with('!') => {
                self.vouched(first?).map(|(n, names)| (!n, names))
            }
            "boolean_operator" | "binary_expression"
                if matches!(
                    self.child(condition, self.fields.operator)
                        .map(|o| self.text(o)),
                    Some("and" | "or" | "&&" | "||")
                ) =>
            {
                let both = matches!(
                    self.child(condition, self.fields.operator)
                        .map(|o| self.text(o)),
                    Some("and" | "&&")
                );
                let mut parts = self.flat.named_children(condition);
                let (left, mut names) = self.vouched(parts.next()?)?;
                let (right, more) = self.vouched(parts.next()?)?;
                // Where `a and b` holds both do; where `a or b` holds, only one may: a name
                // is vouched for by the whole only if each part vouches for it. A test
                // vouching where it fails turns this around. A part vouching for nothing
                // (`".." in x or "/" in x`) leaves the other's names where the whole
                // implies the other's verdict.
                if names.is_empty() || more.is_empty() {
                    let (sense, names) = if names.is_empty() {
                        (right, more)
                    } else {
                        (left, names)
                    };
                    let implied = both != sense;
                    return Some((sense, if implied { names } else { Vec::new() }));
                }
                if left != right {
                    return None;
                }
                if both != left {
                    names.extend(more);
                } else {
                    names.retain(|n| more.contains(n));
                }
                Some((left, names))
            }
            _ if let Some((holds_when_bad, name)) = self.tests_for_escape(condition) => {
                Some((holds_when_bad, vec![self.text(name).to_string()]))
            }
            kind => {
                let negated = match kind {
                    "comparison_operator" => {
                        text.contains(" not in ")
                            || text.contains(" is not ")
                            || text.contains("!=")
                    }
                    "binary_expression" => match self.child(condition, self.fields.operator) {
                        Some(op) => match self.text(op) {
                            "!=" | "!==" => true,
                            "==" | "===" | "in" => false,
                            _ => return None,
                        },
                        None => return None,
                    },
                    // `yarl.URL(x).is_absolute()`: the URL is vouched for where it fails.
                    "call"
                        if self
                            .child(condition, self.fields.function)
                            .is_some_and(|f| self.text(f).ends_with(".is_absolute")) =>
                    {
                        true
                    }
                    "call" | "call_expression" | "identifier" => false,
                    // `urlparse(x).netloc`: it holds where `x` names a host.
                    "attribute" | "member_expression" => true,
                    _ => return None,
                };
                let names = self
                    .guarded(condition)
                    .into_iter()
                    .map(|n| self.text(n).to_string())
                    .collect();
                Some((negated, names))
            }
        }
    }

    /// A test for a path separator in a name (`"/" in x`, `x.includes("/")`,
    /// `x.contains('\\')`): whether it holds when the value is bad, and the value tested. A
    /// name without one stays in the folder it is joined to; one without `..` may still be
    /// absolute, so a test for `..` alone vouches for nothing.
    fn tests_for_escape(&self, condition: u32) -> Option<(bool, u32)> {
        let escapes = |literal: u32| {
            matches!(self.kind(literal), "string" | "string_literal")
                && matches!(
                    self.text(literal).trim_matches(['"', '\'', '`']),
                    "/" | "\\\\" | "\\"
                )
        };
        match self.kind(condition) {
            "comparison_operator" => {
                let text = self.text(condition);
                let mut sides = self.flat.named_children(condition);
                let (needle, hay) = (sides.next()?, sides.next()?);
                (escapes(needle) && text.contains(" in "))
                    .then(|| (!text.contains(" not in "), hay))
            }
            "call" | "call_expression" => {
                let callee = self.child(condition, self.fields.function)?;
                let method = self.text(callee).rsplit('.').next()?;
                if !matches!(method, "contains" | "includes" | "__contains__") {
                    return None;
                }
                let needle = self.arguments(condition).next()?;
                let receiver = self
                    .child(callee, self.fields.object)
                    .or_else(|| self.flat.field(callee, "value"))?;
                escapes(needle).then_some((true, receiver))
            }
            _ => None,
        }
    }

    /// Whether control cannot leave `node` (a branch) by its end: it returns, raises,
    /// throws, aborts, or leaves the loop.
    pub(super) fn exits(&self, node: u32) -> bool {
        // Remembered per node: each `if` of an `else if` chain asks about the whole rest
        // of the chain, which made a chain of n cost n².
        if let Some(&known) = self.exits_known.borrow().get(&node) {
            return known;
        }
        // An `else if` chain is worked out from its innermost `if` out, so that each asks
        // only about the next (known by then), however long the chain: recursing down it
        // overflowed the stack on generated chains of thousands.
        if self.kind(node) == "if_statement" {
            let mut chain = vec![node];
            while let Some(next) = chain.last().and_then(|&last| self.else_if(last))
                && !self.exits_known.borrow().contains_key(&next)
            {
                chain.push(next);
            }
            for &inner in chain.iter().skip(1).rev() {
                let exits = self.exits_afresh(inner);
                self.exits_known.borrow_mut().insert(inner, exits);
            }
        }
        let exits = self.exits_afresh(node);
        self.exits_known.borrow_mut().insert(node, exits);
        exits
    }

    /// The `if` an `if`'s `else` holds alone (`else if`).
    fn else_if(&self, node: u32) -> Option<u32> {
        let alternative = self
            .flat
            .named_children(node)
            .filter(|&c| self.kind(c) == "else_clause")
            .last()?;
        let inner = self
            .flat
            .named_children(alternative)
            .filter(|&c| !self.kind(c).contains("comment"))
            .last()?;
        (self.kind(inner) == "if_statement").then_some(inner)
    }

    fn exits_afresh(&self, node: u32) -> bool {
        #[cfg(test)]
        super::work_tests::EXITS_ASKED.with(|n| n.set(n.get() + 1));
        match self.kind(node) {
            "return_statement"
            | "raise_statement"
            | "throw_statement"
            | "continue_statement"
            | "break_statement"
            | "return_expression"
            | "break_expression"
            | "continue_expression" => true,
            "block" | "statement_block" | "expression_statement" | "else_clause" => self
                .flat
                .named_children(node)
                .filter(|&c| !self.kind(c).contains("comment"))
                .last()
                .is_some_and(|last| self.exits(last)),
            "call" | "call_expression" => self
                .child(node, self.fields.function)
                .map(|f| self.text(f))
                .and_then(|callee| callee.rsplit(['.', ':']).next())
                .is_some_and(|name| matches!(name, "abort" | "exit" | "_exit")),
            "macro_invocation" => self
                .flat
                .named_children(node)
                .next()
                .is_some_and(|m| matches!(self.text(m), "panic" | "unreachable" | "bail")),
            "if_statement" => {
                self.flat
                    .field(node, "consequence")
                    .is_some_and(|c| self.exits(c))
                    && self.alternatives_exit(node)
            }
            _ => false,
        }
    }

    /// Whether every `elif`/`else` of an `if` exits and the last is an `else` (no path
    /// falls out).
    fn alternatives_exit(&self, node: u32) -> bool {
        let alternatives: Vec<u32> = self
            .flat
            .named_children(node)
            .filter(|&c| matches!(self.kind(c), "elif_clause" | "else_clause"))
            .collect();
        let Some(&last) = alternatives.last() else {
            return false;
        };
        self.kind(last) == "else_clause"
            && alternatives.iter().all(|&alternative| {
                let body = self
                    .flat
                    .field(alternative, "consequence")
                    .or_else(|| self.flat.field(alternative, "body"));
                match body {
                    Some(body) => self.exits(body),
                    None => self.exits(alternative),
                }
            })
    }
}
