//! Sinks as data: every taint rule's `[[sink]]` entries (see `detectors/README.md`),
//! compiled per language family into one regex set over the texts of called expressions
//! and one over the targets of assignments, so a call is tested against every sink of
//! every rule in one pass.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::detect::local::Ctx;
use crate::detect::rule::{Engine, Rule};
use crate::lang::Family;
use crate::parse::query::regexes::LazyRegex;

use super::name_set::NameSet;

/// One `[[sink]]` of a taint rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SinkSpec {
    /// `python`, `ecma` (JavaScript and TypeScript) or `rust`.
    pub family: String,
    /// A regex over the called expression's text (`os.system`, `res.redirect`).
    #[serde(default)]
    pub callee: Option<String>,
    /// A regex over an assignment's target (`el.innerHTML`): the assigned value is the
    /// dangerous one.
    #[serde(default)]
    pub assign: Option<String>,
    /// The value a function returns (a web view's response body).
    #[serde(default)]
    pub returns: bool,
    /// With `returns`: the dangerous value is this field of the object returned (a dict
    /// or object literal written in the `return` or bound to the name it returns), and
    /// `only_call` is tested against that object's text (a Lambda response whose
    /// headers say `text/html`).
    #[serde(default)]
    pub field: Option<String>,
    /// A regex over the constant text of a string an assignment builds (concatenates,
    /// formats, interpolates) from a tainted value: building it is the danger, wherever it
    /// is used (SQL spliced together from a request). Exactly one of `callee`, `assign`,
    /// `returns` and `built`.
    #[serde(default)]
    pub built: Option<String>,
    /// With `built`: only strings an assignment builds, not one a function returns (which
    /// the response sinks judge: a view's returned HTML is `reflected-xss`).
    #[serde(default)]
    pub assigned_only: bool,
    /// With `assign`: the dangerous value is the first key the target is indexed by
    /// (`obj[key][sub] = …`), not the value assigned.
    #[serde(default)]
    pub key: bool,
    /// Which positional argument carries the dangerous value.
    #[serde(default)]
    pub arg: u32,
    /// Every positional argument from `arg` on carries it (`new Function(a, b, body)`).
    #[serde(default)]
    pub rest: bool,
    /// With `rest`: but the last, which is something else (the environment `os.execle`
    /// and `os.spawnve` take after the command).
    #[serde(default)]
    pub rest_but_last: bool,
    /// The keyword argument that carries it when it is not given by position; several
    /// names, for callees that spell it differently, are separated by `|`.
    #[serde(default)]
    pub arg_name: Option<String>,
    /// The dangerous value is the object the method is called on, not an argument
    /// (`Path(name).read_text()`).
    #[serde(default)]
    pub receiver: bool,
    /// Only a value built into a larger string counts (an SQL string passed whole is a
    /// query, not an injection).
    #[serde(default)]
    pub formatted: bool,
    /// With `formatted`: a value read straight from a source counts unformatted too (what
    /// a request carries is a string, never a callback to pass to `setTimeout`).
    #[serde(default)]
    pub sources_unformatted: bool,
    /// A parameter reaching it is reported ("callers decide"); otherwise only sources,
    /// through calls too.
    #[serde(default)]
    pub parameters: bool,
    /// Only a value that may still be an object or array counts (a query object's
    /// operators), not one cast to a string.
    #[serde(default)]
    pub objects: bool,
    /// A value built after a constant path or origin (`"/users/" + id`) cannot lead
    /// elsewhere: no finding.
    #[serde(default)]
    pub fixed_host: bool,
    /// An object literal given whole (`axios({url, params})`) counts by these keys' values
    /// only (a regex over the key), and is no finding when it has none of them.
    #[serde(default)]
    pub object_keys: Option<String>,
    /// `encodeURI` leaves nothing this sink can misuse (line breaks and `<`, `>`, `"` are
    /// encoded): a header, an HTML body, a log line.
    #[serde(default)]
    pub uri_encoded_ok: bool,
    /// A value stripped of every `/` cannot leave the folder it is joined to: a path.
    #[serde(default)]
    pub separators_stripped_ok: bool,
    /// Only the value itself counts: one built into a larger string (`"$" + key`) cannot
    /// name an inherited property.
    #[serde(default)]
    pub bare: bool,
    /// Only the value itself, not an object or dict literal holding it under a key
    /// (`{S: x}`): for APIs whose fields take typed values, unlike a query filter's.
    #[serde(default)]
    pub whole: bool,
    /// Only an argv list that starts a shell on a command string counts
    /// (`subprocess.run(["sh", "-c", cmd])`).
    #[serde(default)]
    pub shell_argv: bool,
    /// A list or array literal in the argument is an argv: no shell, no injection.
    #[serde(default)]
    pub argv_safe: bool,
    /// A step on the way to the danger rather than the danger (`path.join(base, name)`): its
    /// finding stands only when the value reaches no other sink of the rule in the function.
    #[serde(default)]
    pub waypoint: bool,
    /// Only the program an argv runs counts: a list's first element, or a whole string run
    /// as the program (without a shell); the arguments after a constant program do not.
    #[serde(default)]
    pub program: bool,
    /// `true`: only `new X(…)`; `false`: only plain calls; absent: both.
    #[serde(default)]
    pub constructor: Option<bool>,
    /// `name=value`: only calls that pass this keyword argument with this value.
    #[serde(default)]
    pub keyword: Option<String>,
    /// Only inside functions with a decorator matching this regex (a web view's
    /// `@app.route(…)`).
    #[serde(default)]
    pub decorated: Option<String>,
    /// Not when the call's text (with `assign`: the target) matches this regex
    /// (`SafeLoader`).
    #[serde(default)]
    pub unless_call: Option<String>,
    /// Only when the call's text matches this regex (`setHeader('Location', …)`).
    #[serde(default)]
    pub only_call: Option<String>,
    /// Not when the function's code before the call matches this regex (an earlier
    /// `res.set("Content-Type", "text/plain")` makes a response plain text).
    #[serde(default)]
    pub unless_before: Option<String>,
    /// With `unless_before`: a match of this regex after `unless_before`'s last one undoes
    /// it (the content type set again, to HTML, in a later branch).
    #[serde(default)]
    pub until_before: Option<String>,
    /// Only when the function's code before the call matches this regex (the
    /// `Command::new("sh")` a later `cmd.arg("-c").arg(…)` configures).
    #[serde(default)]
    pub only_before: Option<String>,
    /// Only when the function's code, all of it, matches this regex (an HTML email: the
    /// `content_subtype = "html"` set after the message is made).
    #[serde(default)]
    pub only_function: Option<String>,
    /// Not when the function's code, all of it, matches this regex (a joined path checked
    /// against its base after the join: `p.startsWith(base)`).
    #[serde(default)]
    pub unless_function: Option<String>,
    /// Not for sources whose description matches this regex (`request.path`, which a
    /// redirect sends back to this site).
    #[serde(default)]
    pub unless_source: Option<String>,
    /// How the finding names the sink; the callee with `()` when absent.
    #[serde(default)]
    pub what: Option<String>,
    /// Values of unknown origin reaching it are audit findings (`false`: logging, regexes,
    /// where such values are the norm).
    #[serde(default = "yes")]
    pub audit: bool,
    /// A parameter reaching it is an audit finding even where values of unknown origin
    /// are not (`audit = false`): a function handing on what its caller chose (the
    /// program a wrapper runs, the URL a component links to).
    #[serde(default)]
    pub audit_parameters: bool,
    /// What follows from the flow and what to do instead, in parentheses.
    pub consequence: String,
}

fn yes() -> bool {
    true
}

impl SinkSpec {
    /// Why the entry cannot work, if it cannot.
    pub fn problem(&self) -> Option<String> {
        if Family::from_name(&self.family).is_none() {
            return Some(format!(
                "sink family `{}` is not python, ecma or rust",
                self.family
            ));
        }
        let kinds = [
            self.callee.is_some(),
            self.assign.is_some(),
            self.returns,
            self.built.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return Some(
                "a sink needs exactly one of `callee`, `assign`, `returns` and `built`".into(),
            );
        }
        if self.field.is_some() && !self.returns {
            return Some("a sink's `field` goes with `returns`".into());
        }
        if self.key && self.assign.is_none() {
            return Some("a sink's `key` goes with `assign`".into());
        }
        if self
            .keyword
            .as_deref()
            .is_some_and(|k| k.split_once('=').is_none())
        {
            return Some("a sink's `keyword` is `name=value`".into());
        }
        [
            &self.callee,
            &self.assign,
            &self.built,
            &self.unless_call,
            &self.only_call,
            &self.unless_before,
            &self.until_before,
            &self.only_before,
            &self.only_function,
            &self.unless_function,
            &self.unless_source,
            &self.decorated,
        ]
        .into_iter()
        .flatten()
        .find_map(|pattern| {
            // Parsed as `Regex::new` would, not compiled: every analysis checks its rules.
            LazyRegex::new(pattern)
                .err()
                .map(|e| format!("sink regex `{pattern}`: {e}"))
        })
    }
}

/// A sink entry ready to test calls against.
pub struct Sink {
    pub rule: String,
    pub spec: SinkSpec,
    /// The rule's `local_input`.
    pub local_input: bool,
    unless: Option<LazyRegex>,
    only: Option<LazyRegex>,
    before: Option<LazyRegex>,
    until_before: Option<LazyRegex>,
    only_before: Option<LazyRegex>,
    only_function: Option<LazyRegex>,
    unless_function: Option<LazyRegex>,
    unless_source: Option<LazyRegex>,
    decorated: Option<LazyRegex>,
    built: Option<LazyRegex>,
    object_keys: Option<LazyRegex>,
}

impl Sink {
    /// Whether a function with these decorators (their text, one per line) is one this
    /// sink watches.
    pub fn watches(&self, decorators: &str) -> bool {
        self.decorated
            .as_ref()
            .is_none_or(|re| decorators.lines().any(|d| re.is_match(d)))
    }

    /// Whether the code before a call (from its function's start) rules the sink out.
    pub fn ruled_out_before(&self, code: &str) -> bool {
        self.before
            .as_ref()
            .is_some_and(|re| match &self.until_before {
                None => re.is_match(code),
                Some(until) => re
                    .last_match_end(code)
                    .is_some_and(|end| !code.get(end..).is_some_and(|rest| until.is_match(rest))),
            })
            || self
                .only_before
                .as_ref()
                .is_some_and(|re| !re.is_match(code))
    }

    /// Whether the code of the function around a call (all of it) rules the sink out.
    pub fn ruled_out_in(&self, function: &str) -> bool {
        self.only_function
            .as_ref()
            .is_some_and(|re| !re.is_match(function))
            || self
                .unless_function
                .as_ref()
                .is_some_and(|re| re.is_match(function))
    }

    /// Whether `only_call` lets in a call or returned object with this text.
    pub fn admits(&self, text: &str) -> bool {
        self.only.as_ref().is_none_or(|re| re.is_match(text))
    }

    /// Whether `unless_call` rules out a call or target with this text.
    pub fn ruled_out_by(&self, text: &str) -> bool {
        self.unless.as_ref().is_some_and(|re| re.is_match(text))
    }

    /// Whether the sink counts an object literal by some of its keys (`object_keys`)
    /// rather than whole.
    pub fn counts_by_key(&self) -> bool {
        self.object_keys.is_some()
    }

    /// Whether `object_keys` counts an object literal's key.
    pub fn counts_key(&self, key: &str) -> bool {
        self.object_keys.as_ref().is_some_and(|re| re.is_match(key))
    }

    /// Whether flows from this source are none of the sink's concern.
    pub fn ignores_source(&self, source: &str) -> bool {
        self.unless_source
            .as_ref()
            .is_some_and(|re| re.is_match(source))
    }

    /// How a finding names this sink, called as `callee`.
    pub fn what(&self, callee: &str) -> String {
        self.spec
            .what
            .clone()
            .unwrap_or_else(|| format!("{callee}()"))
    }
}

#[derive(Default)]
struct FamilySinks {
    calls: Option<NameSet>,
    call_sinks: Vec<Sink>,
    assigns: Option<NameSet>,
    assign_sinks: Vec<Sink>,
    return_sinks: Vec<Sink>,
    built_sinks: Vec<Sink>,
}

/// The sinks of every taint rule, by family. Each family's regexes are compiled for its
/// first file: most repositories hold one or two of the families.
#[derive(Default)]
pub struct SinkTable {
    specs: [Vec<(String, SinkSpec, bool)>; 3],
    families: [OnceLock<FamilySinks>; 3],
}

fn slot(family: Family) -> usize {
    match family {
        Family::Python => 0,
        Family::Ecma => 1,
        Family::Rust => 2,
    }
}

impl FamilySinks {
    fn compile(specs: &[(String, SinkSpec, bool)]) -> Result<FamilySinks, String> {
        let mut at = FamilySinks::default();
        let (mut calls, mut assigns) = (Vec::new(), Vec::new());
        let regex = |pattern: &Option<String>, rule: &str| {
            pattern
                .as_deref()
                .map(LazyRegex::new)
                .transpose()
                .map_err(|e| format!("{rule}: {e}"))
        };
        for (rule, spec, local_input) in specs {
            let sink = Sink {
                rule: rule.clone(),
                spec: spec.clone(),
                local_input: *local_input,
                unless: regex(&spec.unless_call, rule)?,
                only: regex(&spec.only_call, rule)?,
                before: regex(&spec.unless_before, rule)?,
                until_before: regex(&spec.until_before, rule)?,
                only_before: regex(&spec.only_before, rule)?,
                only_function: regex(&spec.only_function, rule)?,
                unless_function: regex(&spec.unless_function, rule)?,
                unless_source: regex(&spec.unless_source, rule)?,
                decorated: regex(&spec.decorated, rule)?,
                built: regex(&spec.built, rule)?,
                object_keys: regex(&spec.object_keys, rule)?,
            };
            if let Some(callee) = &spec.callee {
                calls.push(callee.clone());
                at.call_sinks.push(sink);
            } else if let Some(assign) = &spec.assign {
                assigns.push(assign.clone());
                at.assign_sinks.push(sink);
            } else if spec.built.is_some() {
                at.built_sinks.push(sink);
            } else {
                at.return_sinks.push(sink);
            }
        }
        let set = |patterns: &[String]| (!patterns.is_empty()).then(|| NameSet::new(patterns));
        at.calls = set(&calls);
        at.assigns = set(&assigns);
        Ok(at)
    }
}

impl SinkTable {
    /// The table of every taint rule's sinks (checked when the rules loaded).
    pub fn new(rules: &[Rule]) -> SinkTable {
        let mut table = SinkTable::default();
        for rule in rules.iter().filter(|r| r.engine == Engine::Taint) {
            for spec in &rule.sink {
                if let Some(family) = Family::from_name(&spec.family) {
                    table.specs[slot(family)].push((
                        rule.id.clone(),
                        spec.clone(),
                        rule.local_input,
                    ));
                }
            }
        }
        table
    }

    fn family(&self, family: Family) -> &FamilySinks {
        let index = slot(family);
        self.families[index].get_or_init(|| {
            FamilySinks::compile(&self.specs[index]).unwrap_or_else(|err| {
                // Each pattern parsed when its rule loaded; only a set too large to
                // compile gets here, and then this family has no sinks.
                tracing::warn!("{err}");
                FamilySinks::default()
            })
        })
    }

    pub fn is_empty(&self) -> bool {
        self.specs.iter().all(Vec::is_empty)
    }

    /// Whether `family`'s sinks are built.
    pub fn is_prepared(&self, family: Family) -> bool {
        self.families[slot(family)].get().is_some()
    }

    /// Builds `family`'s sinks now, with the set of its patterns that have no ending.
    pub fn prepare(&self, family: Family) {
        let at = self.family(family);
        for set in [&at.calls, &at.assigns].into_iter().flatten() {
            set.prepare();
        }
    }

    /// The sinks a call of `callee` reaches (`call` is the call node, for keyword and
    /// text conditions).
    pub fn calls<'s>(
        &'s self,
        family: Family,
        callee: &str,
        is_new: bool,
        ctx: &Ctx<'_, '_>,
        call: u32,
    ) -> Vec<&'s Sink> {
        let at = self.family(family);
        let Some(set) = &at.calls else {
            return Vec::new();
        };
        set.matching(callee)
            .into_iter()
            .map(|i| &at.call_sinks[i])
            .filter(|sink| sink.spec.constructor.is_none_or(|c| c == is_new))
            .filter(|sink| {
                sink.spec
                    .keyword
                    .as_deref()
                    .and_then(|k| k.split_once('='))
                    .is_none_or(|(name, value)| has_keyword(ctx, call, name, value))
            })
            .filter(|sink| {
                let text = || ctx.flat.text(call, ctx.source);
                sink.unless.as_ref().is_none_or(|re| !re.is_match(text()))
                    && sink.only.as_ref().is_none_or(|re| re.is_match(text()))
            })
            .collect()
    }

    /// The sinks an assignment to `target` reaches.
    pub fn assigns<'s>(&'s self, family: Family, target: &str) -> Vec<&'s Sink> {
        let at = self.family(family);
        let Some(set) = &at.assigns else {
            return Vec::new();
        };
        set.matching(target)
            .into_iter()
            .map(|i| &at.assign_sinks[i])
            .filter(|sink| sink.unless.as_ref().is_none_or(|re| !re.is_match(target)))
            .collect()
    }
}

impl SinkTable {
    /// The sinks a function's returned value reaches.
    pub fn returns(&self, family: Family) -> &[Sink] {
        &self.family(family).return_sinks
    }

    /// The sinks a string built with constant text `text` is (`returned`: by a `return`).
    pub fn built<'s>(&'s self, family: Family, text: &str, returned: bool) -> Vec<&'s Sink> {
        self.family(family)
            .built_sinks
            .iter()
            .filter(|sink| !(returned && sink.spec.assigned_only))
            .filter(|sink| sink.built.as_ref().is_some_and(|re| re.is_match(text)))
            .collect()
    }

    /// Whether any rule of `family` watches built strings.
    pub fn watches_building(&self, family: Family) -> bool {
        !self.family(family).built_sinks.is_empty()
    }
}

/// Whether `call` passes keyword argument `name` as `value` (`shell=True`; in JS an
/// options object `{ shell: true }`).
fn has_keyword(ctx: &Ctx<'_, '_>, call: u32, name: &str, value: &str) -> bool {
    let flat = ctx.flat;
    let Some(args) = flat.field(call, "arguments") else {
        return false;
    };
    let text = |n: u32| flat.text(n, ctx.source);
    flat.named_children(args).any(|arg| match flat.kind(arg) {
        "keyword_argument" => {
            flat.field(arg, "name").is_some_and(|n| text(n) == name)
                && flat.field(arg, "value").is_some_and(|v| text(v) == value)
        }
        "object" => flat.named_children(arg).any(|pair| {
            flat.kind(pair) == "pair"
                && flat.field(pair, "key").is_some_and(|k| text(k) == name)
                && flat
                    .field(pair, "value")
                    .is_some_and(|v| text(v).eq_ignore_ascii_case(value))
        }),
        _ => false,
    })
}
