//! What reaching a sink means: a finding at the source's severity, a parameter's summary
//! (and a medium finding where the sink reports parameters), or an audit finding.

use super::*;
use crate::detect::local::constant_names::constant_value;

/// Most sinks fed by other files' functions a file records.
const MAX_THROUGHS: usize = 512;

impl Analyser<'_, '_, '_> {
    /// A call to `sink`: a finding when a source reaches it, a summary (and maybe a
    /// finding) when a parameter does, an audit finding when a value of unknown origin
    /// does.
    pub(super) fn sink(&mut self, node: u32, arg: u32, sink: &Sink, callee: &str) {
        let spec = &sink.spec;
        let argv = matches!(self.kind(arg), "list" | "tuple" | "array");
        // `spawn("sh", [script, …])`: the shell runs the script its first argument names.
        let script = (spec.shell_argv && argv)
            .then(|| self.shell_script(node, arg))
            .flatten();
        // `["sh", "-c", cmd, …]`: what the shell runs (the rest are its `$0`, `$1`…).
        let code = (argv && (spec.argv_safe || spec.shell_argv))
            .then(|| self.evaluated_code(node, arg))
            .flatten();
        if (spec.argv_safe && argv && code.is_none())
            || (spec.shell_argv && script.is_none() && code.is_none())
        {
            return;
        }
        let arg = script.or(code).unwrap_or(arg);
        // `axios({url: u, params: {q}})`: only the keys that choose where the value goes.
        let arg = match self.counted_value(arg, sink) {
            Some(Some(value)) => value,
            Some(None) => return,
            None => arg,
        };
        if spec.fixed_host && (self.prefix_fixes_host(arg) || self.clean_prefix(arg)) {
            return;
        }
        if sink.ruled_out_before(self.code_before(node))
            || sink.ruled_out_in(self.code_of_function())
        {
            return;
        }
        let what = sink.what(callee);
        let Some(taint) = self.eval(arg, 0) else {
            self.audit(node, arg, sink, &what);
            return;
        };
        if (spec.fixed_host && taint.host_fixed)
            || (spec.uri_encoded_ok && taint.uri_encoded)
            || (spec.separators_stripped_ok && taint.separators_stripped)
        {
            return;
        }
        // Under a key (`{sql: …, values: [x]}`) the value is a parameter, not the text;
        // the request object itself is not text either.
        let unformatted_source = spec.sources_unformatted
            && !taint.nested
            && matches!(*taint.origin, Origin::Source(_))
            && !self.is_request_object(arg);
        if (spec.objects && taint.stringified)
            || (spec.program && taint.argv_tail)
            || (spec.bare && taint.formatted)
            || (spec.whole && taint.nested)
        {
            return;
        }
        let needs_formatting = spec.formatted && !taint.formatted && !unformatted_source;
        if let Some(through) = taint.through.clone() {
            self.through(node, arg, sink, &what, &through, taint, needs_formatting);
            return;
        }
        // A parameter that must arrive built into a string is left to its callers.
        if needs_formatting && !matches!(*taint.origin, Origin::Param(..)) {
            return;
        }
        let line = self.flat.line(node);
        let taint = taint.step(line, format!("reaches {what}"));
        match &*taint.origin {
            Origin::Source(source) => {
                self.source_reached(node, sink, source, &what, taint.steps.to_vec());
            }
            Origin::Param(index, name) => {
                let (index, name) = (*index, name.clone());
                self.param_reached(node, sink, &what, index, &name, &taint, needs_formatting);
            }
        }
    }

    /// A parameter reaching `sink`: a summary for its callers, and a finding where the
    /// sink reports parameters (medium, "callers decide") or audits what it is given.
    #[expect(
        clippy::too_many_arguments,
        reason = "the sink's site, the parameter and the value's verdicts"
    )]
    fn param_reached(
        &mut self,
        node: u32,
        sink: &Sink,
        what: &str,
        index: u32,
        name: &str,
        taint: &Taint,
        needs_formatting: bool,
    ) {
        let spec = &sink.spec;
        // A parameter named like a query is SQL itself being wrapped, not a value.
        let sql_itself = sink.rule == "sql-injection" && tables::names_sql(name);
        // A destructured parameter (an options object, a component's props) or a
        // constructor's parameter read back from its field: their callers rarely decide
        // alone, so a summary for them and a finding for a review only.
        let indirect = taint.owner.is_some()
            || self
                .params
                .get(index as usize)
                .is_some_and(|&param| self.pattern_of(param).is_some());
        let level = if sql_itself || needs_formatting {
            None
        } else if spec.parameters && !indirect {
            Some((Severity::Medium, false))
        } else if (spec.audit || spec.audit_parameters) && !spec.returns {
            // Where parameters are too common to report (`open(path)`), a review still
            // sees them.
            Some((Severity::Low, true))
        } else {
            None
        };
        let constant_here = level.is_some()
            && taint.owner.is_none()
            && self.params.get(index as usize).is_some_and(|&param| {
                callers::constant_in_file(
                    self.ctx,
                    self.calls,
                    &callers::Param {
                        function: &self.function_name,
                        index,
                        name,
                        node: param,
                    },
                )
            });
        self.out.summaries.push(Summary {
            function: taint.owner.unwrap_or(self.function_line),
            param: index,
            rule: sink.rule.clone(),
            sink: what.to_string(),
            steps: taint.steps.iter().cloned().map(Into::into).collect(),
            reported: level.is_some(),
            constant_here,
            needs_formatting,
        });
        let Some((severity, audit)) = level else {
            return;
        };
        let message = match taint.owner {
            Some(_) => format!(
                "parameter `{name}` of the class's constructor, kept in a field, reaches {what} {} without a recognised sanitiser; callers decide whether it is attacker-controlled",
                spec.consequence
            ),
            None => format!(
                "parameter `{name}` of `{}` reaches {what} {} without a recognised sanitiser; callers decide whether it is attacker-controlled",
                self.function_name, spec.consequence
            ),
        };
        self.report(
            node,
            sink,
            message,
            Some(severity),
            taint.steps.to_vec(),
            audit,
        );
    }

    /// A finding for `source` reaching `sink`. A build script's environment and arguments
    /// are cargo's, not a user's; a sink may rule some sources out (a redirect back to the
    /// request's path); the operator's input, where the rule leaves it to the program, is
    /// an audit finding, and only where the sink audits values of unknown origin.
    pub(super) fn source_reached(
        &mut self,
        node: u32,
        sink: &Sink,
        source: &str,
        what: &str,
        steps: Vec<(u32, String)>,
    ) {
        let (severity, trust, audit) =
            tables::source_trust_in(self.family, source, sink.local_input);
        if (severity.is_some() && is_build_script(&self.ctx.facts.path))
            || sink.ignores_source(source)
            || (audit && !sink.spec.audit)
        {
            return;
        }
        let message = format!("{source} reaches {what} {}{trust}", sink.spec.consequence);
        self.report(node, sink, message, severity, steps, audit);
    }

    /// A sink fed by what a function of another file returns: audited as any value of
    /// unknown origin is, and left to the graph, which sees whether that function gives
    /// back the tainted argument or a source.
    #[expect(
        clippy::too_many_arguments,
        reason = "the sink's site, value and verdicts"
    )]
    fn through(
        &mut self,
        node: u32,
        arg: u32,
        sink: &Sink,
        what: &str,
        through: &Through,
        taint: Taint,
        needs_formatting: bool,
    ) {
        self.audit(node, arg, sink, what);
        if taint.owner.is_some() {
            return;
        }
        let arg = match (through.arg, &*taint.origin) {
            (Some(_), Origin::Source(source)) if sink.ignores_source(source) => return,
            (Some(index), origin) => Some((index, origin.clone())),
            (None, _) => None,
        };
        if self.out.throughs.len() >= MAX_THROUGHS {
            return;
        }
        let line = self.flat.line(node);
        let entry = self.flat.entry(node).node;
        let taint = Taint {
            through: None,
            ..taint
        }
        .step(line, format!("reaches {what}"));
        self.out.throughs.push(ThroughCall {
            rule: sink.rule.clone(),
            sink: what.to_string(),
            consequence: sink.spec.consequence.clone(),
            line,
            end_line: entry.end_position().row as u32 + 1,
            column: entry.start_position().column as u32 + 1,
            function: self.function_line,
            callee: through.callee.clone(),
            call_line: through.line,
            arg,
            keyword: through.keyword.clone(),
            needs_formatting,
            steps: std::rc::Rc::unwrap_or_clone(taint.steps),
        });
    }

    /// For an object literal given to a sink with `object_keys` (or a name bound only to
    /// one, `res.writeHead(200, headers)`): the first value under a counted key that
    /// carries something (else the first such value), `Some(None)` when no key counts;
    /// `None` when the argument is no object literal or the sink takes it whole.
    fn counted_value(&self, arg: u32, sink: &Sink) -> Option<Option<u32>> {
        if !sink.counts_by_key() {
            return None;
        }
        let arg = match self.kind(arg) {
            "object" => arg,
            "identifier" => crate::detect::local::constant_names::object_bound(
                self.flat,
                arg,
                self.ctx.source,
                self.family,
            )?,
            _ => return None,
        };
        let key = self.fields.key;
        let value = self.fields.value;
        let counted: Vec<u32> = self
            .flat
            .named_children(arg)
            .filter_map(|pair| match self.kind(pair) {
                "pair" => {
                    let name = self.child(pair, key)?;
                    let name = self.text(name).trim_matches(['"', '\'', '`']);
                    sink.counts_key(name)
                        .then(|| self.child(pair, value))
                        .flatten()
                }
                // `{url}`: the name is the key.
                "shorthand_property_identifier" => sink.counts_key(self.text(pair)).then_some(pair),
                _ => None,
            })
            .collect();
        Some(
            counted
                .iter()
                .copied()
                .find(|&v| self.eval(v, 0).is_some())
                .or_else(|| counted.first().copied()),
        )
    }

    /// A sink fed by a value that is neither tainted, constant nor sanitised.
    fn audit(&mut self, node: u32, arg: u32, sink: &Sink, what: &str) {
        if !sink.spec.audit || sink.spec.returns {
            return;
        }
        if sink.spec.uri_encoded_ok
            && matches!(self.kind(arg), "call_expression")
            && self
                .callee_of(arg)
                .is_some_and(|c| self.tables.is_uri_encoder(self.text(c)))
        {
            return;
        }
        let shape = self.shape(arg, 0);
        if !shape.opaque || (sink.spec.formatted && !shape.formatted) {
            return;
        }
        let mut value = self
            .text(arg)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if value.len() > 60 {
            value = format!("{}…", value.chars().take(60).collect::<String>());
        }
        let message = format!(
            "`{value}` reaches {what} {}; where it comes from is not known here, so review it",
            sink.spec.consequence
        );
        let step = (self.flat.line(node), format!("reaches {what}"));
        self.report(node, sink, message, Some(Severity::Low), vec![step], true);
    }

    fn report(
        &mut self,
        node: u32,
        sink: &Sink,
        message: String,
        severity: Option<Severity>,
        flow: Vec<(u32, String)>,
        audit: bool,
    ) {
        let entry = self.flat.entry(node).node;
        if sink.spec.waypoint {
            self.waypoints.push(self.hits.len());
        }
        self.hits.push(Hit {
            rule: sink.rule.clone(),
            line: self.flat.line(node),
            end_line: entry.end_position().row as u32 + 1,
            column: entry.start_position().column as u32 + 1,
            message,
            severity,
            flow: flow.into_iter().map(Into::into).collect(),
            value: None,
            audit,
        });
    }
}

impl Analyser<'_, '_, '_> {
    /// Where an argv list starts a shell or an interpreter on code it is given
    /// (`["sh", "-c", cmd]`, `["cmd", "/c", cmd]`, `execFile("node", ["-e", code])`) or on
    /// a script it names (`["python3", script]`): the element holding that code or script
    /// (the list itself where it holds none).
    fn evaluated_code(&self, call: u32, list: u32) -> Option<u32> {
        let items: Vec<u32> = self.flat.named_children(list).take(3).collect();
        let text = |n: u32| self.text(n).trim_matches(['"', '\'', '`']);
        if let [program, next, ..] = items[..]
            && let Some(program) = shell(text(program))
        {
            if evaluates(program, text(next)) {
                return Some(items.get(2).copied().unwrap_or(list));
            }
            if !text(next).starts_with(['-', '/']) {
                return Some(next);
            }
        }
        // `spawn("sh", ["-c", cmd])`: the program first, its arguments after.
        let flag = *items.first()?;
        self.program(call, list)
            .is_some_and(|program| evaluates(program, text(flag)))
            .then(|| items.get(1).copied().unwrap_or(list))
    }

    /// The script a POSIX shell or an interpreter is given to run: the first element of
    /// `list` when the call's program is one (`spawn("sh", [script])`, `spawn("node",
    /// [script])`) and that element is no option.
    fn shell_script(&self, call: u32, list: u32) -> Option<u32> {
        let program = self.program(call, list)?;
        if matches!(program, "cmd" | "powershell" | "pwsh") {
            return None;
        }
        let first = self.flat.named_children(list).next()?;
        let text = self.text(first).trim_start_matches(['"', '\'', '`']);
        (!text.starts_with('-')).then_some(first)
    }

    /// The shell a call's first argument names, written there or held by a name bound to
    /// one constant (`let shell = "bash"`), when that argument is not the list itself.
    fn program(&self, call: u32, list: u32) -> Option<&'static str> {
        let program = self.arguments(call).next().filter(|&p| p != list)?;
        let text = constant_value(self.flat, program, self.ctx.source, self.family)?;
        shell(text.trim_matches(['"', '\'', '`']))
    }

    /// Whether a built string starts with a value that is not a constant but carries no
    /// taint (`config.base + path`, `` `${origin}/${path}` ``): where it leads is the
    /// program's choice.
    fn clean_prefix(&self, node: u32) -> bool {
        let mut at = node;
        for _ in 0..16 {
            at = match self.kind(at) {
                "binary_expression" | "binary_operator"
                    if self
                        .child(at, self.fields.operator)
                        .is_some_and(|o| self.text(o) == "+") =>
                {
                    match self.child(at, self.fields.left) {
                        Some(left) => left,
                        None => return false,
                    }
                }
                "parenthesized_expression" => match self.flat.named_children(at).next() {
                    Some(inner) => inner,
                    None => return false,
                },
                "template_string" if self.text(at).starts_with("`${") => {
                    match self
                        .flat
                        .named_children(at)
                        .next()
                        .and_then(|s| self.flat.named_children(s).next())
                    {
                        Some(inner) => inner,
                        None => return false,
                    }
                }
                "identifier" | "member_expression" | "attribute" if at != node => {
                    return self.eval(at, 0).is_none()
                        && self.tables.source_attribute(self.text(at)).is_none();
                }
                _ => return false,
            };
        }
        false
    }

    /// The function's code, all of it.
    fn code_of_function(&self) -> &str {
        let range = self.flat.entry(self.unit).range();
        self.ctx.source.get(range).unwrap_or("")
    }

    /// The function's code from its start up to `node`.
    pub(super) fn code_before(&self, node: u32) -> &str {
        let start = self.flat.entry(self.unit).range().start;
        let end = self.flat.entry(node).range().start;
        self.ctx.source.get(start..end).unwrap_or("")
    }

    /// The constant text a built string starts with: `"/users/"` in `"/users/" + id`,
    /// `` `/users/${id}` ``, `f"/users/{id}"` or `"/users/%s" % id`.
    pub(super) fn constant_prefix(&self, node: u32) -> Option<String> {
        let flat = self.flat;
        match self.kind(node) {
            "binary_expression" | "binary_operator" => {
                self.constant_prefix(self.child(node, self.fields.left)?)
            }
            "parenthesized_expression" => self.constant_prefix(flat.named_children(node).next()?),
            // Headers given as an object: where `Location` points.
            "object" => flat.named_children(node).find_map(|pair| {
                let key = self.child(pair, self.fields.key)?;
                let name = self.text(key).trim_matches(['"', '\'', '`']);
                if !name.eq_ignore_ascii_case("location") {
                    return None;
                }
                self.constant_prefix(self.child(pair, self.fields.value)?)
            }),
            "reference_expression" => self.constant_prefix(self.child(node, self.fields.value)?),
            // `"https://host/{}".format(x)`: the string's text before its first hole.
            "call" => {
                let function = self.child(node, self.fields.function)?;
                let object = self.child(function, self.fields.object)?;
                (self.text(function).ends_with(".format") && self.kind(object) == "string")
                    .then(|| self.constant_prefix(object))
                    .flatten()
            }
            // `format!("/users/{}", id)`: the format string's text before its first hole.
            "macro_invocation" => {
                let name = flat.named_children(node).next().map(|n| self.text(n))?;
                if name.rsplit("::").next() != Some("format") {
                    return None;
                }
                let tokens = flat
                    .named_children(node)
                    .find(|&n| flat.kind(n) == "token_tree")?;
                let first = flat.named_children(tokens).next()?;
                (self.kind(first) == "string_literal")
                    .then(|| self.constant_prefix(first))
                    .flatten()
            }
            // `base = "https://example.com/"`, then `base += x`: what the name was bound to.
            "identifier" => {
                literal_prefix(constant_value(flat, node, self.ctx.source, self.family)?)
            }
            "string" | "template_string" | "string_literal" => literal_prefix(self.text(node)),
            _ => None,
        }
    }
}

/// The text a string literal (`f"/users/{id}"`, `` `/u/${id}` ``, `"/u/%s"`) holds before
/// its first hole or its end.
fn literal_prefix(text: &str) -> Option<String> {
    let body = text.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let body = body.strip_prefix(['"', '\'', '`'])?;
    let end = body
        .find(['{', '$', '%', '"', '\'', '`'])
        .unwrap_or(body.len());
    Some(body[..end].to_string())
}

/// Whether a URL that starts with `prefix` can only lead where the prefix says: a path on
/// this site (`/users/`, not `//`), a relative path, or a scheme and host followed by `/`.
pub(super) fn fixes_host(prefix: &str) -> bool {
    if let Some((_, rest)) = prefix.split_once("://") {
        return rest.find('/').is_some_and(|slash| slash > 0);
    }
    match prefix.as_bytes() {
        [] => false,
        [b'/', second, ..] => !matches!(second, b'/' | b'\\'),
        [b'/'] => false,
        _ => !prefix.contains(':'),
    }
}

/// Cargo's build script (`build.rs` at a package's root).
fn is_build_script(path: &str) -> bool {
    path == "build.rs" || path.ends_with("/build.rs")
}

/// The shell a program path names (`/bin/bash` → `bash`, `cmd.exe` → `cmd`).
fn shell(program: &str) -> Option<&'static str> {
    let program = program.rsplit(['/', '\\']).next().unwrap_or(program);
    [
        "sh",
        "bash",
        "zsh",
        "dash",
        "ksh",
        "cmd",
        "powershell",
        "pwsh",
        "node",
        "python",
        "python2",
        "python3",
        "perl",
        "ruby",
        "php",
    ]
    .into_iter()
    .find(|&shell| program.trim_end_matches(".exe") == shell)
}

/// Whether `flag` makes `program` (a `shell`) run the next argument as code: `sh -c`,
/// `node -e`, `python -c`. Other flags of theirs (`bash -e`, errexit) do not.
fn evaluates(program: &str, flag: &str) -> bool {
    match program {
        "node" => matches!(flag, "-e" | "--eval" | "-p" | "--print"),
        "python" | "python2" | "python3" => flag == "-c",
        "perl" => matches!(flag, "-e" | "-E"),
        "ruby" => flag == "-e",
        "php" => flag == "-r",
        _ => matches!(flag, "-c" | "/c" | "/C" | "-Command" | "-lc"),
    }
}
