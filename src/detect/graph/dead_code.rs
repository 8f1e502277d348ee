//! Functions and classes nothing refers to. Only names that cannot be reached from outside
//! are judged: Python `_private` names, and JS/TS functions a module does not export.
//! Exempt: dunders, decorated definitions (framework hooks), tests, names mentioned
//! anywhere else in their file (callbacks, `getattr`) or called by name anywhere.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use crate::detect::graph::{GraphCtx, node_hit};
use crate::detect::local::{Hit, is_test_path};
use crate::detect::rule::Rule;
use crate::graph::model::{EdgeKind, Node, NodeKind};
use crate::lang::Family;

#[expect(
    clippy::too_many_lines,
    reason = "candidates, the words that keep them alive and the report share per-family tables"
)]
pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    let snap = ctx.snap;
    // Cheap tests first: most nodes are public, and only a few names are worth looking up
    // among the (many) calls nobody resolved.
    // Whether a file is a test, asked only for files that hold a private name.
    let mut test_file: Vec<Option<bool>> = vec![None; snap.files.len()];
    let mut candidates = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(node) = snap.node(index) else {
            continue;
        };
        if !matches!(
            node.kind,
            NodeKind::Function | NodeKind::Method | NodeKind::Class
        ) {
            continue;
        }
        let private = match node.language.family() {
            Family::Python => node.name.starts_with('_') && !node.name.starts_with("__"),
            Family::Ecma => node.kind == NodeKind::Function,
            Family::Rust => false,
        };
        if !private {
            continue;
        }
        let test = match test_file.get_mut(node.file as usize) {
            Some(Some(test)) => *test,
            Some(slot) => *slot.insert(
                snap.files
                    .get(node.file as usize)
                    .is_some_and(|f| is_test_path(&f.path)),
            ),
            None => false,
        };
        if test {
            continue;
        }
        let path = snap.file_path(node);
        if ctx
            .local
            .get(path)
            .is_some_and(|l| l.decorated.contains(&node.line))
        {
            continue;
        }
        let referenced = snap
            .graph
            .edges_directed(index, petgraph::Direction::Incoming)
            .any(|e| e.weight().kind != EdgeKind::Contains);
        if !referenced {
            candidates.push((path.to_string(), node));
        }
    }
    let wanted: FxHashSet<&str> = candidates.iter().map(|(_, n)| n.name.as_str()).collect();
    // ~100k unresolved calls against a few hundred names: a first-byte and length test
    // turns most away before any hashing (Python candidates all start with `_`).
    let mut first_bytes = [false; 256];
    let mut lengths = 0u128;
    for name in &wanted {
        first_bytes[usize::from(name.as_bytes().first().copied().unwrap_or(0))] = true;
        lengths |= 1 << name.len().min(127);
    }
    let maybe = |name: &str| {
        first_bytes[usize::from(name.as_bytes().first().copied().unwrap_or(0))]
            && lengths & (1 << name.len().min(127)) != 0
    };
    let called_by_name: FxHashSet<&str> = snap
        .unresolved_calls()
        .iter()
        .filter(|c| !c.calls_outside_for_sure())
        .map(|c| c.name.as_str())
        .filter(|name| maybe(name) && wanted.contains(name))
        .collect();
    candidates.retain(|(_, node)| !called_by_name.contains(node.name.as_str()));
    // Own-file mentions: one pass per file with all of its candidates' names at once.
    let mut by_file: HashMap<&str, Vec<&Node>> = HashMap::new();
    for (path, node) in &candidates {
        by_file.entry(path.as_str()).or_default().push(node);
    }
    let root = ctx_root(ctx);
    let mut files: Vec<(&str, Vec<&Node>)> = by_file.into_iter().collect();
    files.sort_by_key(|(path, _)| *path);
    let unused: Vec<(String, &Node)> = files
        .par_iter()
        .flat_map_iter(|(path, nodes)| {
            let mut out = Vec::new();
            let Some(info) = nodes.first().and_then(|n| snap.files.get(n.file as usize)) else {
                return out;
            };
            let names: HashSet<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
            // In a session, identifier names are counted from the file's words (kept between
            // runs) and the text is read only for the names mentioned at most once. A
            // one-shot run would build that word table only to look a few names up in it:
            // it counts them in the text it reads anyway.
            let words = if ctx.memory.reuses_hits() && names.iter().all(|n| n.is_ascii()) {
                ctx.memory.words(&root, info)
            } else {
                None
            };
            let mentions = |text: Option<&str>, name: &str| -> usize {
                match (&words, text) {
                    (Some(words), _) => words.get(name).copied().unwrap_or(0) as usize,
                    (None, Some(text)) => word_count(text, name),
                    (None, None) => 0,
                }
            };
            let rare: Vec<&&Node> = nodes
                .iter()
                .filter(|n| words.is_none() || mentions(None, &n.name) <= 1)
                .collect();
            if rare.is_empty() {
                return out;
            }
            let Ok(text) = std::fs::read_to_string(crate::parse::paths::absolute(&root, path))
            else {
                return out;
            };
            let lines: Vec<&str> = text.lines().collect();
            let prefixes = built_prefixes(&text);
            for node in rare {
                let line = lines.get(node.line as usize - 1).copied().unwrap_or("");
                // Exported on its own line (`export function`, `module.exports = function f`);
                // an export elsewhere (`module.exports = { f }`, `export default f`) names it
                // again, so the mentions already count it.
                let exported = node.language.family() == Family::Ecma
                    && (line.trim_start().starts_with("export") || line.contains("exports"));
                // JS/TS: only module-level declarations (`function f`, `const f = () =>`); a
                // method of an object literal or a getter is reached through its object.
                let declared = node.language.family() != Family::Ecma
                    || ["function ", "async function ", "const ", "let ", "var "]
                        .iter()
                        .any(|k| line.trim_start().starts_with(k))
                        && !continues_an_expression(&text, line);
                if mentions(Some(&text), &node.name) <= 1
                    && declared
                    && !exported
                    && !prefixes.iter().any(|p| node.name.starts_with(p))
                {
                    out.push(((*path).to_string(), *node));
                }
            }
            out
        })
        .collect();
    // A private name can still be read from another file (`partialmethod(cls._helper)`,
    // `getattr(obj, "_helper")`): one pass over the other files of those languages.
    let names: HashSet<&str> = unused.iter().map(|(_, n)| n.name.as_str()).collect();
    let mentioned_elsewhere = mentions_in_other_files(ctx, &names, &unused);
    unused
        .into_iter()
        .filter(|(path, node)| !mentioned_elsewhere.contains(&(node.name.clone(), path.clone())))
        .map(|(_, node)| {
            node_hit(
                ctx,
                rule,
                node,
                format!("{} `{}` is never used", node.kind.as_str(), node.name),
            )
        })
        .collect()
}

/// (name, file it is defined in) for each candidate name that appears in some other file of
/// the same language family.
fn mentions_in_other_files(
    ctx: &GraphCtx<'_>,
    names: &HashSet<&str>,
    unused: &[(String, &Node)],
) -> HashSet<(String, String)> {
    let mut out = HashSet::new();
    if names.is_empty() {
        return out;
    }
    let families: HashSet<Family> = unused.iter().map(|(_, n)| n.language.family()).collect();
    let root = ctx_root(ctx);
    let files = ctx
        .snap
        .files
        .par_iter()
        .filter(|file| families.contains(&file.language.family()));
    let mentioned =
        |file: &crate::graph::FileInfo, name: &str, path: &str| -> Option<(String, String)> {
            (path != file.path).then(|| (name.to_string(), path.to_string()))
        };
    // Identifier names are counted in the word index kept between runs (how many files of
    // each family hold a word); anything else is searched for in the text.
    // (A one-shot run reads each file once anyway: the text search is cheaper there.)
    let found: Vec<Vec<(String, String)>> =
        if ctx.memory.reuses_hits() && names.iter().all(|n| n.is_ascii()) {
            let present: Vec<&crate::graph::FileInfo> = ctx
                .snap
                .files
                .iter()
                .filter(|f| families.contains(&f.language.family()))
                .collect();
            ctx.memory.index_words(&root, &present, &families);
            let by_path: HashMap<&str, &crate::graph::FileInfo> =
                present.iter().map(|f| (f.path.as_str(), *f)).collect();
            let elsewhere: Vec<(String, String)> = unused
                .iter()
                .filter(|(path, node)| {
                    let total: u32 = families
                        .iter()
                        .map(|f| ctx.memory.spread(*f, &node.name))
                        .sum();
                    let own = by_path
                        .get(path.as_str())
                        .and_then(|info| ctx.memory.words(&root, info))
                        .is_some_and(|w| w.contains_key(node.name.as_str()));
                    total > u32::from(own)
                })
                .map(|(path, node)| (node.name.clone(), path.clone()))
                .collect();
            vec![elsewhere]
        } else if names.len() <= FEW_NAMES && names.iter().all(|n| is_word(n)) {
            // A few identifiers: a byte search each, where compiling their alternation into a
            // regex cost more than searching every file (`analyze -v` times this detector).
            files
                .map(|file| {
                    let Ok(text) = std::fs::read(crate::parse::paths::absolute(&root, &file.path))
                    else {
                        return Vec::new();
                    };
                    unused
                        .iter()
                        .filter(|(_, node)| word_count_in(&text, &node.name) > 0)
                        .filter_map(|(path, node)| mentioned(file, &node.name, path))
                        .collect()
                })
                .collect()
        } else {
            let Some(word) = words(names) else { return out };
            // The candidates by name: comparing each word found with every candidate cost
            // words × candidates.
            let mut by_name: HashMap<&[u8], Vec<(&str, &str)>> = HashMap::new();
            for (path, node) in unused {
                by_name
                    .entry(node.name.as_bytes())
                    .or_default()
                    .push((node.name.as_str(), path.as_str()));
            }
            files
                .map(|file| {
                    let Ok(text) = std::fs::read(crate::parse::paths::absolute(&root, &file.path))
                    else {
                        return Vec::new();
                    };
                    let mut here = Vec::new();
                    for found in word.find_iter(&text) {
                        for (name, path) in by_name.get(found.as_bytes()).into_iter().flatten() {
                            here.extend(mentioned(file, name, path));
                        }
                    }
                    here
                })
                .collect()
        };
    out.extend(found.into_iter().flatten());
    out
}

/// How many times `name` occurs in `text` as a whole word. An identifier of ASCII word
/// characters is searched for as bytes, with the boundaries `words` would test: compiling
/// a regex for each name was most of this detector's time on a small tree.
fn word_count(text: &str, name: &str) -> usize {
    if !is_word(name) {
        let names: HashSet<&str> = std::iter::once(name).collect();
        return words(&names).map_or(0, |word| word.find_iter(text.as_bytes()).count());
    }
    word_count_in(text.as_bytes(), name)
}

/// Names searched for one by one in other files; more go into one regex.
const FEW_NAMES: usize = 8;

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `name` is all ASCII word characters (what the byte search can find).
fn is_word(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(is_word_byte)
}

/// `word_count` for a name of ASCII word characters, over bytes.
fn word_count_in(bytes: &[u8], name: &str) -> usize {
    // All of the name is word characters, so of two overlapping occurrences the later
    // one has a word character before it: non-overlapping search misses no whole word.
    memchr::memmem::find_iter(bytes, name.as_bytes())
        .filter(|&at| {
            (at == 0 || !is_word_byte(bytes[at - 1]))
                && bytes.get(at + name.len()).is_none_or(|&b| !is_word_byte(b))
        })
        .count()
}

/// A matcher for any of `names` as a whole word. ASCII word boundaries: the names are
/// identifiers, and Unicode-aware boundaries make the regex engine fall back to a slow path.
fn words(names: &HashSet<&str>) -> Option<regex::bytes::Regex> {
    if names.is_empty() {
        return None;
    }
    let mut sorted: Vec<&str> = names.iter().copied().collect();
    sorted.sort_unstable();
    let alternation = sorted
        .iter()
        .map(|n| regex::escape(n))
        .collect::<Vec<_>>()
        .join("|");
    let boundary = if sorted.iter().all(|n| n.is_ascii()) {
        r"(?-u:\b)"
    } else {
        r"\b"
    };
    regex::bytes::Regex::new(&format!(r"{boundary}(?:{alternation}){boundary}")).ok()
}

/// Prefixes of names put together from a string literal, as in
/// `getattr(view, "_get_current_%s" % period)`: a quote, an identifier of three characters
/// or more, then `%s`, `%(` or `{`. Scanned by hand: the regex it replaces was compiled in
/// every `analyze` for the few files with a candidate. A match holds no quote, so
/// trying each quote finds what the regex's leftmost, non-overlapping search found.
fn built_prefixes(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for quote in memchr::memchr2_iter(b'"', b'\'', bytes) {
        let start = quote + 1;
        if !bytes
            .get(start)
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
        {
            continue;
        }
        let end = start
            + bytes[start..]
                .iter()
                .take_while(|&&b| is_word_byte(b))
                .count();
        let rest = &bytes[end..];
        if end - start >= 3
            && (rest.starts_with(b"%s") || rest.starts_with(b"%(") || rest.starts_with(b"{"))
        {
            out.push(&text[start..end]);
        }
    }
    out
}

fn ctx_root(ctx: &GraphCtx<'_>) -> std::path::PathBuf {
    ctx.config.root.clone().unwrap_or_default()
}

/// Whether `line` (a slice of `text`) carries on an expression begun before it: a function
/// written there is a named function expression handed on (`app.use(\n  function logger`,
/// `module.exports =\n  function create`), a value nobody calls by its name.
fn continues_an_expression(text: &str, line: &str) -> bool {
    let start = (line.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let before = text.get(..start).unwrap_or("").trim_end();
    before.ends_with(['(', ',', '=', ':', '?', '[', '|', '&', '!'])
        || before.ends_with("return")
        || before.ends_with("yield")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand scan finds the prefixes the regex it replaced found.
    #[test]
    fn built_prefixes_agree_with_the_regex() {
        let regex = regex::Regex::new(r#"["']([A-Za-z_][A-Za-z0-9_]{2,})(%s|%\(|\{)"#).unwrap();
        let texts = [
            r#"getattr(view, "_get_current_%s" % period)"#,
            r#"'_do_%(x)s' "ab%s" "abc{0}" "_x_{}" 'a1_%d' "9ab%s" "é_ab%s""#,
            r#""_get_%s"_two_%s' "'abc{" x"abc%s"#,
            "",
            "\"",
            "'abc",
            r#""abc%"#,
        ];
        for text in texts {
            let expected: Vec<&str> = regex
                .captures_iter(text)
                .filter_map(|c| c.get(1).map(|p| p.as_str()))
                .collect();
            assert_eq!(built_prefixes(text), expected, "{text:?}");
        }
    }

    /// The byte search counts what the word regex counts, boundaries and overlaps included.
    #[test]
    fn word_count_agrees_with_the_word_regex() {
        let texts = [
            "",
            "_helper",
            "x._helper(y) + _helper_2 + __helper + _helper",
            "a_helper _helperb _helper\n_helper",
            "aaa aa aa_a aa",
            "é_helper _helperé «_helper» _helper9",
            "$fn $fn2 a$fn $fn",
        ];
        for name in ["_helper", "aa", "$fn", "a"] {
            let names: HashSet<&str> = std::iter::once(name).collect();
            let regex = words(&names).expect("a name");
            for text in texts {
                assert_eq!(
                    word_count(text, name),
                    regex.find_iter(text.as_bytes()).count(),
                    "{name:?} in {text:?}"
                );
            }
        }
    }
}
