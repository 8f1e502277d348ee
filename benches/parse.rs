//! Criterion benches for the parse and resolve stages, on this repository's own sources
//! (always present, so the bench needs no download).

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use repotoire::graph::Snapshot;
use repotoire::parse::{self, FileFacts};

fn own_sources() -> Vec<parse::SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    parse::walk::walk(root, repotoire::engine::DEFAULT_MAX_FILE_SIZE)
        .files
        .into_iter()
        .filter(|f| f.path.starts_with("src/") || f.path.starts_with("tests/"))
        .collect()
}

#[expect(
    clippy::too_many_lines,
    reason = "one bench case after another over the same parsed sources"
)]
fn bench(c: &mut Criterion) {
    let files = own_sources();
    let sources: Vec<(parse::SourceFile, Vec<u8>)> = files
        .into_iter()
        .filter_map(|f| std::fs::read(&f.abs).ok().map(|b| (f, b)))
        .collect();
    c.bench_function("tree-sitter parse only (own sources)", |b| {
        b.iter(|| {
            sources
                .iter()
                .map(|(f, bytes)| parse::parse_only(f.language, bytes))
                .sum::<usize>()
        })
    });
    let trees: Vec<(repotoire::lang::LangId, tree_sitter::Tree)> = sources
        .iter()
        .map(|(f, bytes)| {
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&(f.language.spec().grammar)())
                .expect("grammar");
            (f.language, parser.parse(bytes, None).expect("parse"))
        })
        .collect();
    c.bench_function("flat tree from parsed trees (own sources)", |b| {
        b.iter(|| {
            trees
                .iter()
                .map(|(language, tree)| parse::flat::FlatTree::new(tree, *language).len())
                .sum::<usize>()
        })
    });
    // Our matcher exists because tree-sitter's own query cursor was slower over the same
    // trees whatever the pattern: these two cases re-measure that after an upgrade.
    let rust = repotoire::lang::LangId::Rust.spec();
    let query_source = repotoire::lang::query_source(rust);
    let cursor_query =
        tree_sitter::Query::new(&(rust.grammar)(), &query_source).expect("the Rust query");
    let matcher =
        repotoire::parse::query::Matcher::new(&(rust.grammar)(), &query_source).expect("matcher");
    let rust_trees: Vec<(&tree_sitter::Tree, &[u8])> = trees
        .iter()
        .zip(&sources)
        .filter(|((language, _), _)| *language == repotoire::lang::LangId::Rust)
        .map(|((_, tree), (_, bytes))| (tree, bytes.as_slice()))
        .collect();
    c.bench_function(
        "queries/rust with tree-sitter's QueryCursor (own sources)",
        |b| {
            b.iter(|| {
                let mut count = 0usize;
                let mut cursor = tree_sitter::QueryCursor::new();
                for (tree, bytes) in &rust_trees {
                    let mut matches = cursor.matches(&cursor_query, tree.root_node(), *bytes);
                    while tree_sitter::StreamingIterator::next(&mut matches).is_some() {
                        count += 1;
                    }
                }
                count
            })
        },
    );
    c.bench_function(
        "queries/rust with our matcher, flat tree included (own sources)",
        |b| {
            b.iter(|| {
                let mut count = 0usize;
                for (tree, bytes) in &rust_trees {
                    let flat = parse::flat::FlatTree::new(tree, repotoire::lang::LangId::Rust);
                    matcher.for_each_match(&flat, bytes, |_, _| count += 1);
                }
                count
            })
        },
    );
    c.bench_function("parse + extract facts (own sources)", |b| {
        b.iter(|| {
            sources
                .iter()
                .map(|(f, bytes)| {
                    parse::parse_bytes(&f.path, f.language, bytes, [0; 32])
                        .symbols
                        .len()
                })
                .sum::<usize>()
        })
    });
    // One repeated shape in one file: each once cost the square of its size (a macro's
    // token tree matched child by child, a chain's receivers collapsed whole).
    let rust_id = repotoire::lang::LangId::Rust;
    let hostile = [
        (
            "a macro of 20,000 `a > (b)` pairs",
            format!("fn f() {{ m!({}); }}\n", ["a > (b)"; 20_000].join(" ")),
        ),
        (
            "a chain of 20,000 calls",
            format!("fn f() {{ let _ = x{}; }}\n", ".a()".repeat(20_000)),
        ),
    ];
    let mut group = c.benchmark_group("parse + extract facts, hostile");
    group.sample_size(10);
    for (name, text) in &hostile {
        group.bench_function(*name, |b| {
            b.iter(|| {
                parse::parse_bytes("lib.rs", rust_id, text.as_bytes(), [0; 32])
                    .calls
                    .len()
            })
        });
    }
    group.finish();
    let facts: Vec<std::sync::Arc<FileFacts>> = sources
        .iter()
        .map(|(f, bytes)| {
            std::sync::Arc::new(parse::parse_bytes(&f.path, f.language, bytes, [0; 32]))
        })
        .collect();
    let project = vec![(
        "Cargo.toml".to_string(),
        include_str!("../Cargo.toml").to_string(),
    )];
    c.bench_function("resolve + snapshot (own sources)", |b| {
        b.iter(|| {
            Snapshot::build(&facts, &project, "repotoire")
                .graph
                .edge_count()
        })
    });
    let snap = Snapshot::build(&facts, &project, "repotoire");
    let bytes = snap.encode().unwrap_or_default();
    c.bench_function("snapshot decode (own sources)", |b| {
        b.iter(|| Snapshot::decode(&bytes).map(|s| s.graph.node_count()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
