//! An in-memory BM25 index with one document per graph node. A node's text is its name
//! (weighted up), its qualified name and file path, its docstring, and the full-line
//! comments inside it (a comment belongs to the innermost symbol around it). Identifiers are
//! split at `_`, case changes and digits, and kept whole as well.

use std::collections::HashMap;
use std::path::Path;

use petgraph::stable_graph::NodeIndex;
use rayon::prelude::*;

use crate::graph::{NodeKind, Snapshot};
use crate::lang::Family;

const K1: f32 = 1.2;
const B: f32 = 0.75;
/// Field weights: a word in the name counts this many times.
const NAME_WEIGHT: f32 = 3.0;
const PATH_WEIGHT: f32 = 1.0;
const DOC_WEIGHT: f32 = 1.0;
const COMMENT_WEIGHT: f32 = 0.7;

pub struct SearchIndex {
    /// Term → (document, weighted term frequency).
    postings: HashMap<String, Vec<(u32, f32)>>,
    /// Weighted length per document.
    lengths: Vec<f32>,
    nodes: Vec<NodeIndex>,
    average: f32,
}

impl SearchIndex {
    pub fn build(snap: &Snapshot, root: &Path) -> SearchIndex {
        let (comments, docs) = texts_by_node(snap, root);
        let nodes: Vec<NodeIndex> = snap
            .graph
            .node_indices()
            .filter(|&n| snap.graph[n].kind != NodeKind::File)
            .collect();
        let documents: Vec<HashMap<String, f32>> = nodes
            .par_iter()
            .map(|&node| {
                let n = &snap.graph[node];
                let mut terms: HashMap<String, f32> = HashMap::new();
                for term in tokens(&n.name) {
                    *terms.entry(term).or_default() += NAME_WEIGHT;
                }
                for term in tokens(&n.qualified_name).chain(tokens(snap.file_path(n))) {
                    *terms.entry(term).or_default() += PATH_WEIGHT;
                }
                if let Some(doc) = docs.get(&node) {
                    for term in tokens(doc) {
                        *terms.entry(term).or_default() += DOC_WEIGHT;
                    }
                }
                if let Some(text) = comments.get(&node) {
                    for term in tokens(text) {
                        *terms.entry(term).or_default() += COMMENT_WEIGHT;
                    }
                }
                terms
            })
            .collect();
        let mut postings: HashMap<String, Vec<(u32, f32)>> = HashMap::new();
        let mut lengths = Vec::with_capacity(documents.len());
        for (id, terms) in documents.into_iter().enumerate() {
            lengths.push(terms.values().sum());
            for (term, tf) in terms {
                postings.entry(term).or_default().push((id as u32, tf));
            }
        }
        let average = if lengths.is_empty() {
            1.0
        } else {
            lengths.iter().sum::<f32>() / lengths.len() as f32
        };
        SearchIndex {
            postings,
            lengths,
            nodes,
            average: average.max(1.0),
        }
    }

    /// The best `limit` nodes for `query` by BM25, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<(NodeIndex, f32)> {
        let n = self.nodes.len() as f32;
        let mut scores: HashMap<u32, f32> = HashMap::new();
        let mut terms: Vec<String> = tokens(query).collect();
        terms.sort();
        terms.dedup();
        for term in &terms {
            let Some(list) = self.postings.get(term) else {
                continue;
            };
            let df = list.len() as f32;
            let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
            for &(doc, tf) in list {
                let length = self.lengths[doc as usize];
                let score =
                    idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length / self.average));
                *scores.entry(doc).or_default() += score;
            }
        }
        let mut ranked: Vec<(u32, f32)> = scores.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(limit);
        ranked
            .into_iter()
            .map(|(doc, score)| (self.nodes[doc as usize], score))
            .collect()
    }

    pub fn documents(&self) -> usize {
        self.nodes.len()
    }
}

/// Words of `text` in lower case: each identifier whole (if compound) and split at `_`,
/// `-`, case changes and digit runs. One-letter words and a few stop words are dropped.
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .flat_map(|word| {
            let mut parts = split_identifier(word);
            if parts.len() > 1 {
                parts.push(word.trim_matches('_').to_lowercase());
            }
            parts
        })
        .filter(|t| t.len() > 1 && !STOP.contains(&t.as_str()))
}

const STOP: [&str; 16] = [
    "the", "and", "for", "to", "of", "in", "is", "it", "a", "an", "or", "be", "this", "that", "on",
    "as",
];

fn split_identifier(word: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = word.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current).to_lowercase());
            }
            continue;
        }
        let previous = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let boundary = match previous {
            Some(p) if p.is_lowercase() && c.is_uppercase() => true,
            // The `P` of `HTTPServer`: an upper-case run ends before its last letter.
            Some(p)
                if p.is_uppercase() && c.is_uppercase() && next.is_some_and(char::is_lowercase) =>
            {
                true
            }
            Some(p) if p.is_ascii_digit() != c.is_ascii_digit() && p != '_' => true,
            _ => false,
        };
        if boundary && !current.is_empty() {
            parts.push(std::mem::take(&mut current).to_lowercase());
        }
        current.push(c);
    }
    if !current.is_empty() {
        parts.push(current.to_lowercase());
    }
    parts
}

/// Full-line comments of every file, attributed to the innermost function or class around
/// them (else the file's module). Files are read in parallel; unreadable ones are skipped.
/// Each node's comments and its doc, read from the files (one read each). A file changed
/// since the graph was built still gives its comments, by line, but not its docs, whose
/// byte ranges no longer hold.
fn texts_by_node(
    snap: &Snapshot,
    root: &Path,
) -> (HashMap<NodeIndex, String>, HashMap<NodeIndex, String>) {
    let mut spans: Vec<Vec<(u32, u32, NodeIndex)>> = vec![Vec::new(); snap.files.len()];
    let mut documented: Vec<Vec<NodeIndex>> = vec![Vec::new(); snap.files.len()];
    for node in snap.graph.node_indices() {
        let n = &snap.graph[node];
        if n.doc.is_some()
            && let Some(list) = documented.get_mut(n.file as usize)
        {
            list.push(node);
        }
        if matches!(
            n.kind,
            NodeKind::Module | NodeKind::Class | NodeKind::Function | NodeKind::Method
        ) && let Some(list) = spans.get_mut(n.file as usize)
        {
            list.push((n.line, n.end_line, node));
        }
    }
    type Texts = Vec<(NodeIndex, String)>;
    let per_file: Vec<(Texts, Texts)> = snap
        .files
        .par_iter()
        .zip(spans.par_iter().zip(documented.par_iter()))
        .map(|(file, (spans, documented))| {
            let Ok(bytes) = std::fs::read(crate::parse::paths::absolute(root, &file.path)) else {
                return Default::default();
            };
            // Decoded as parsing decodes, so the docs' byte ranges hold.
            let text = String::from_utf8_lossy(&bytes);
            let docs: Texts = if crate::graph::docs::holds(file, &bytes) {
                documented
                    .iter()
                    .filter_map(|&node| {
                        let n = &snap.graph[node];
                        n.doc
                            .and_then(|span| crate::parse::docs::text(n.language, &text, span))
                            .map(|doc| (node, doc))
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let python = file.language.family() == Family::Python;
            let mut out: Vec<(NodeIndex, String)> = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let trimmed = line.trim_start();
                let comment = if python {
                    trimmed.strip_prefix('#')
                } else {
                    trimmed
                        .strip_prefix("//")
                        .or_else(|| trimmed.strip_prefix("/*"))
                        .or_else(|| trimmed.strip_prefix('*'))
                };
                let Some(comment) = comment.map(str::trim).filter(|c| c.len() > 2) else {
                    continue;
                };
                let number = i as u32 + 1;
                let owner = spans
                    .iter()
                    .filter(|(start, end, _)| *start <= number && number <= *end)
                    .min_by_key(|(start, end, _)| end - start)
                    .map(|s| s.2);
                if let Some(owner) = owner {
                    out.push((owner, comment.to_string()));
                }
            }
            (out, docs)
        })
        .collect();
    let mut comments: HashMap<NodeIndex, String> = HashMap::new();
    let mut docs: HashMap<NodeIndex, String> = HashMap::new();
    for (file_comments, file_docs) in per_file {
        for (node, text) in file_comments {
            let entry = comments.entry(node).or_default();
            entry.push_str(&text);
            entry.push('\n');
        }
        docs.extend(file_docs);
    }
    (comments, docs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_split_at_case_underscores_and_digits() {
        let words: Vec<String> = tokens("parseHTTPHeader get_user_id v2Client").collect();
        assert_eq!(
            words,
            [
                "parse",
                "http",
                "header",
                "parsehttpheader",
                "get",
                "user",
                "id",
                "get_user_id",
                "v",
                "client",
                "v2client"
            ]
            .iter()
            .filter(|w| w.len() > 1)
            .map(|w| w.to_string())
            .collect::<Vec<_>>()
        );
    }
}
