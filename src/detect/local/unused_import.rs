//! `unused-import`: imported names the file never uses.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::detect::local::{Ctx, Hit, words};
use crate::lang::Family;

/// How often each of `names` occurs as an identifier in the file.
fn identifier_counts<'a>(
    ctx: &'a Ctx<'_, '_>,
    names: impl Iterator<Item = &'a str>,
) -> FxHashMap<&'a str, usize> {
    let mut counts: FxHashMap<&str, usize> = names.map(|n| (n, 0)).collect();
    // Most identifiers are none of the few imported names: their length and first byte
    // say so without hashing them.
    let (mut lengths, mut firsts) = (0u64, [0u64; 4]);
    for name in counts.keys() {
        lengths |= 1 << name.len().min(63);
        let first = name.as_bytes().first().copied().unwrap_or(0);
        firsts[usize::from(first >> 6)] |= 1 << (first & 63);
    }
    for &index in &ctx.collected.identifiers {
        let text = ctx.flat.text(index, ctx.source);
        let first = text.as_bytes().first().copied().unwrap_or(0);
        if lengths & (1 << text.len().min(63)) == 0
            || firsts[usize::from(first >> 6)] & (1 << (first & 63)) == 0
        {
            continue;
        }
        if let Some(count) = counts.get_mut(text) {
            *count += 1;
        }
    }
    counts
}

const UNUSED: &str = "is imported but never used";

/// The name an `unused-import` message is about.
pub fn name(message: &str) -> Option<&str> {
    message
        .strip_suffix(UNUSED)?
        .trim_end()
        .strip_prefix('`')?
        .strip_suffix('`')
}

/// Python's `from m import name`: (line, name) of each name imported from a module.
pub fn imported_names(ctx: &Ctx<'_, '_>) -> Vec<(u32, String)> {
    if ctx.language.family() != Family::Python {
        return Vec::new();
    }
    ctx.facts
        .imports
        .iter()
        .filter(|i| i.kind == crate::parse::facts::ImportKind::Member)
        .filter_map(|i| Some((i.line, i.name.clone()?)))
        .collect()
}

pub fn unused_import(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let path = &ctx.facts.path;
    if path.ends_with("__init__.py") || path.ends_with(".pyi") || path.ends_with(".d.ts") {
        return;
    }
    let counts = identifier_counts(ctx, ctx.facts.imports.iter().filter_map(|i| i.local_name()));
    let mut bound: FxHashMap<&str, usize> = FxHashMap::default();
    for import in &ctx.facts.imports {
        if let Some(local) = import.local_name() {
            *bound.entry(local).or_default() += 1;
        }
    }
    // A JavaScript module that imports one name twice does not load (a SyntaxError): it
    // is data for a tool's tests (a bundler's, a minifier's), not code anyone runs.
    // (`require` may bind a name again in another function; only `import` counts.)
    if ctx.language.family() == Family::Ecma {
        let mut statements: FxHashMap<&str, usize> = FxHashMap::default();
        for import in ctx.facts.imports.iter().filter(|i| !i.reexport) {
            if let Some(local) = import.local_name()
                && ctx.line(import.line).trim_start().starts_with("import")
            {
                *statements.entry(local).or_default() += 1;
            }
        }
        if statements.values().any(|&n| n > 1) {
            return;
        }
    }
    let exported: FxHashSet<&str> = ctx.facts.exports.iter().map(|e| e.local.as_str()).collect();
    let import_lines: FxHashSet<u32> = ctx.facts.imports.iter().map(|i| i.line).collect();
    // Read only when some import looks unused (most files have none).
    let mut strings: Option<Vec<&str>> = None;
    for import in &ctx.facts.imports {
        let Some(local) = import.local_name() else {
            continue;
        };
        if import.reexport
            || exported.contains(local)
            || local == "React"
            || import.path == "__future__"
        {
            continue;
        }
        // `import a as a` / `from m import a as a` is the explicit re-export idiom.
        if ctx.language.family() == Family::Python
            && import.alias.is_some()
            && (import.alias == import.name
                || Some(import.path.as_str()) == import.alias.as_deref())
        {
            continue;
        }
        if waived_elsewhere(ctx.line(import.line), ctx.line(import.line.wrapping_sub(1))) {
            continue;
        }
        let seen = counts.get(local).copied().unwrap_or(0);
        // Each import statement holds the name once (twice for `name as alias`: the alias).
        let in_imports = bound.get(local).copied().unwrap_or(1);
        if seen > in_imports {
            continue;
        }
        let strings = strings.get_or_insert_with(|| {
            ctx.collected
                .strings
                .iter()
                .filter(|&&s| !import_lines.contains(&ctx.flat.line(s)))
                .map(|&s| ctx.flat.text(s, ctx.source))
                .collect()
        });
        if strings.iter().any(|s| words::has_word(s, local)) || linked_in_docs(ctx, local) {
            continue;
        }
        hits.push(Hit {
            rule: "unused-import".into(),
            line: import.line,
            end_line: import.line,
            column: 1,
            message: format!("`{local}` {UNUSED}"),
            severity: None,
            flow: Vec::new(),
            value: None,
            audit: false,
        });
    }
}

/// Other linters' names for an unused import.
const OTHER_NAMES: [&str; 5] = [
    "no-unused-vars",
    "no-unused-imports",
    "noUnusedImports",
    "noUnusedVariables",
    "unused-import",
];

/// Whether the author already told another linter that this import stays unused: `noqa`,
/// `eslint-disable-line` or `pylint: disable=unused-import` on its line; on the line above,
/// `eslint-disable-next-line` or `deno-lint-ignore` (for every rule or this one) or
/// `biome-ignore` of this rule.
fn waived_elsewhere(line: &str, above: &str) -> bool {
    // What a marker applies to: the rest of its comment.
    let marked = |text: &str, marker: &str| -> Option<String> {
        let (_, rest) = text.split_once(marker)?;
        let end = [" #", " //", "*/", " --"]
            .iter()
            .filter_map(|stop| rest.find(stop))
            .min()
            .unwrap_or(rest.len());
        Some(rest[..end].trim().to_string())
    };
    let names_rule = |rules: &str| OTHER_NAMES.iter().any(|name| rules.contains(name));
    let every_rule_or_this = |text: &str, marker: &str| {
        marked(text, marker).is_some_and(|rules| rules.is_empty() || names_rule(&rules))
    };
    super::suppressions::marks_noqa(line)
        || every_rule_or_this(line, "eslint-disable-line")
        || marked(line, "pylint: disable").is_some_and(|rules| names_rule(&rules))
        || every_rule_or_this(above, "eslint-disable-next-line")
        || every_rule_or_this(above, "deno-lint-ignore")
        || marked(above, "biome-ignore").is_some_and(|rules| names_rule(&rules))
}

/// A JSDoc link names the import (`{@link Other.fn}`, `@see Other`): TypeScript resolves
/// it through the import, which is kept for it.
fn linked_in_docs(ctx: &Ctx<'_, '_>, local: &str) -> bool {
    ctx.language.family() == Family::Ecma
        && ctx.collected.comments.iter().any(|&comment| {
            let text = ctx.flat.text(comment, ctx.source);
            ["@link", "@see", "@linkcode", "@linkplain"]
                .iter()
                .any(|tag| {
                    text.match_indices(tag).any(|(at, _)| {
                        let named = text[at + tag.len()..].trim_start();
                        let named = named.strip_prefix("{@link").map_or(named, str::trim_start);
                        named.strip_prefix(local).is_some_and(|rest| {
                            !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
                        })
                    })
                })
        })
}
