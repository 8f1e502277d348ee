//! The C walk against a `TreeCursor` walk on every sample, broken ones too, and the arrays
//! each thread keeps for its next file.

use super::*;

/// Every sample, plus a file with syntax errors per language: the C walk reads exactly
/// the nodes (positions and aliases included), kinds, fields, named-ness and subtrees
/// that stepping the cursor does, and the flat tree finds the same previous siblings as
/// tree-sitter.
#[test]
fn c_walk_reads_what_the_cursor_visits() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = [
        (
            LangId::Python,
            "py",
            "def f(:\n  return [x for x in (1,\nclass C(B, metaclass=M): pass\n",
        ),
        (
            LangId::Rust,
            "rs",
            "fn f( { let x = ; }\nimpl<T> S<T> where T: { fn g(&self) -> }\n",
        ),
        (
            LangId::TypeScript,
            "ts",
            "function f(a: , b) { return <T>(x) => ; }\nclass C extends { m() { this. } }\n",
        ),
        (
            LangId::Tsx,
            "tsx",
            "const a = <div>{x</div>; function f<T,>() { return <A b={ /> }\n",
        ),
        (
            LangId::JavaScript,
            "js",
            "function f( { return a ?. ; }\nconst o = { a: , ...b, [c] }\n",
        ),
    ];
    let mut checked = 0;
    for (language, ext, broken) in cases {
        let sample =
            std::fs::read(root.join(format!("queries/tests/sample.{ext}"))).expect("sample");
        for source in [sample.as_slice(), broken.as_bytes()] {
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&(language.spec().grammar)())
                .expect("grammar");
            let tree = parser.parse(source, None).expect("parse");
            let count = tree.root_node().descendant_count();
            let read = FlatTree::read(&tree, count).expect("the C walk read every node");
            let stepped = FlatTree::step(&tree, count, &tables(language).named);
            assert_eq!(stepped.len(), count, "{ext}: stepped walk missed nodes");
            for (a, b) in read.iter().zip(&stepped) {
                assert_eq!(
                    a.node.into_raw().context,
                    b.node.into_raw().context,
                    "{ext}: {}",
                    b.node.kind()
                );
                assert_eq!(a.node.id(), b.node.id(), "{ext}");
                assert_eq!(
                    (
                        a.kind, a.field, a.named, a.extra, a.parent, a.end, a.end_byte
                    ),
                    (
                        b.kind, b.field, b.named, b.extra, b.parent, b.end, b.end_byte
                    ),
                    "{ext}: {}",
                    b.node.kind()
                );
                assert_eq!(
                    a.named,
                    a.node.is_named(),
                    "{ext}: {} named-ness",
                    a.node.kind()
                );
            }
            assert!(read.iter().any(|e| e.field != 0), "{ext}: no field read");
            let flat = FlatTree::new(&tree, language);
            for index in 0..flat.len() as u32 {
                let node = flat.entry(index).node;
                let sibling = flat.prev_sibling(index).map(|s| flat.entry(s).node.id());
                assert_eq!(
                    sibling,
                    node.prev_sibling().map(|s| s.id()),
                    "{ext}: previous sibling of {}",
                    node.kind()
                );
                assert_eq!(flat.index_of(node), Some(index), "{ext}");
            }
            checked += count;
        }
    }
    assert!(checked > 1000, "too few nodes compared: {checked}");
}

/// A thread's next file reads into the arrays its last one used, the same allocations,
/// unless they were too large to keep; and what comes back is empty or zeroed.
#[test]
fn arrays_are_reused_by_the_next_file() {
    std::thread::spawn(|| {
        let language = LangId::Python;
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&(language.spec().grammar)())
            .expect("grammar");
        let tree = parser
            .parse("def f(a, b):\n    return a + b\n", None)
            .expect("tree");
        let flat = FlatTree::new(&tree, language);
        let (nodes, kids) = (flat.nodes.as_ptr() as usize, flat.kids.as_ptr() as usize);
        let first: Vec<(u16, u32, u32)> = flat
            .nodes
            .iter()
            .map(|e| (e.kind, e.parent, e.kids_len))
            .collect();
        drop(flat);
        let again = FlatTree::new(&tree, language);
        assert_eq!(
            again.nodes.as_ptr() as usize,
            nodes,
            "node array not reused"
        );
        assert_eq!(
            again.kids.as_ptr() as usize,
            kids,
            "children array not reused"
        );
        let second: Vec<(u16, u32, u32)> = again
            .nodes
            .iter()
            .map(|e| (e.kind, e.parent, e.kids_len))
            .collect();
        assert_eq!(first, second, "a reused array read the tree differently");
        drop(again);
        assert!(
            spare::zeroed(spare::Slot::Filled, 5)
                .iter()
                .all(|&w| w == 0)
        );
        let huge = (spare::KEEP_BYTES / size_of::<u32>()) + 1;
        spare::give_back(spare::Slot::Kids, vec![7; huge]);
        assert!(
            spare::zeroed(spare::Slot::Kids, 1).capacity() < huge,
            "an oversized array was kept"
        );
    })
    .join()
    .expect("test thread");
}
