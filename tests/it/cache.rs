//! The cache: reuse, incremental re-parse, damage and concurrent use.

use repotoire::graph::snapshot::Snapshot;

use crate::support::{Dir, cmd, dump_edges, dump_nodes, stderr, stdout};

const FIXTURE: &str = r#"
//- app/__init__.py
//- app/models.py
class Model:
    def save(self):
        return helper()

def helper():
    pass
//- app/views.py
from .models import Model

def index():
    Model().save()
//- web/a.ts
import { b } from "./b";
export function a() { b(); }
//- web/b.ts
export function b() {}
"#;

fn cold_dump(dir: &Dir) -> (String, String) {
    let (snap, _) = dir.build();
    (dump_nodes(&snap), dump_edges(&snap))
}

#[test]
fn a_second_run_on_an_unchanged_tree_parses_nothing() {
    let dir = Dir::with_fixture(FIXTURE);
    let engine = dir.engine(true);
    let first = engine.refresh();
    assert_eq!((first.parsed, first.reused), (5, 0));
    let second = dir.engine(true).refresh();
    assert_eq!((second.parsed, second.reused), (0, 5));
    assert!(dir.join(".repotoire/.gitignore").exists());
    assert_eq!(
        std::fs::read_to_string(dir.join(".repotoire/.gitignore")).unwrap(),
        "*\n"
    );
}

#[test]
fn the_cached_graph_is_the_graph_that_was_built() {
    let dir = Dir::with_fixture(FIXTURE);
    let (cold_nodes, cold_edges) = cold_dump(&dir);
    let engine = dir.engine(true);
    engine.refresh();
    let built = engine.snapshot();
    // Written into a reserved page by the encoder: the same bytes as a plain encode.
    let encoder = built.encoder().unwrap();
    let mut written = vec![0u8; encoder.len()];
    encoder.write(&mut written).unwrap();
    assert_eq!(written, built.encode().unwrap());
    drop(engine);
    let again = dir.engine(true);
    let report = again.refresh();
    assert_eq!(
        report.graph,
        repotoire::engine::GraphUpdate::Reused,
        "{report:?}"
    );
    let snap = again.snapshot();
    assert_eq!(
        (dump_nodes(&snap), dump_edges(&snap)),
        (cold_nodes, cold_edges)
    );
}

#[test]
fn graph_bytes_of_another_shape_are_not_decoded() {
    let dir = Dir::with_fixture(FIXTURE);
    let engine = dir.engine(false);
    engine.refresh();
    let built = engine.snapshot();
    let bytes = built.encode().unwrap();
    let decoded = Snapshot::decode(&bytes).expect("its own encoding decodes");
    assert_eq!(
        (dump_nodes(&decoded), dump_edges(&decoded)),
        (dump_nodes(&built), dump_edges(&built))
    );
    assert_eq!(decoded.unresolved_calls(), built.unresolved_calls());
    assert_eq!(decoded.files, built.files);
    // An older format (no header), a cut, a byte too many, a section length that overruns.
    assert!(Snapshot::decode(&bytes[4..]).is_none());
    assert!(Snapshot::decode(&bytes[..bytes.len() - 1]).is_none());
    assert!(Snapshot::decode(&[bytes.as_slice(), &[0]].concat()).is_none());
    let mut overrun = bytes.clone();
    overrun[4] = overrun[4].wrapping_add(1);
    assert!(Snapshot::decode(&overrun).is_none());
    // The unresolved calls (the last section) are decoded only when asked for, so a
    // damaged byte there must be caught when the graph is read: their checksum refuses it.
    let dir = Dir::with_fixture("//- app/calls.py\ndef f():\n    nowhere()\n");
    let engine = dir.engine(false);
    engine.refresh();
    let built = engine.snapshot();
    assert!(
        built.unresolved_calls().iter().any(|c| c.name == "nowhere"),
        "the call should stay unresolved"
    );
    let bytes = built.encode().unwrap();
    assert!(
        Snapshot::decode(&bytes).is_some_and(|d| d.unresolved_calls() == built.unresolved_calls())
    );
    let mut garbled = bytes.clone();
    let last = garbled.len() - 1;
    garbled[last] ^= 0x5a;
    assert!(Snapshot::decode(&garbled).is_none());
}

#[test]
fn editing_one_file_reparses_only_it_and_equals_a_cold_build() {
    let dir = Dir::with_fixture(FIXTURE);
    dir.engine(true).refresh();
    dir.append("app/views.py", "\ndef extra():\n    index()\n");
    let engine = dir.engine(true);
    let report = engine.refresh();
    assert_eq!((report.parsed, report.reused), (1, 4));
    assert_eq!(report.fresh, vec!["app/views.py".to_string()]);
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
    assert!(dump_edges(&snap).contains("app.views.extra -calls(1.0)-> app.views.index"));
}

#[test]
fn deleting_and_adding_files_updates_the_graph_like_a_cold_build() {
    let dir = Dir::with_fixture(FIXTURE);
    dir.engine(true).refresh();
    std::fs::remove_file(dir.join("web/b.ts")).unwrap();
    dir.write("web/c.ts", "export function c() {}\n");
    let engine = dir.engine(true);
    let report = engine.refresh();
    assert_eq!((report.parsed, report.reused), (1, 4));
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
    assert!(!dump_nodes(&snap).contains("web/b.ts"));
}

#[test]
fn a_file_touched_without_changing_content_is_not_reparsed() {
    let dir = Dir::with_fixture(FIXTURE);
    dir.engine(true).refresh();
    let contents = std::fs::read(dir.join("web/b.ts")).unwrap();
    dir.write("web/b.ts", contents);
    let report = dir.engine(true).refresh();
    assert_eq!(report.parsed, 0);
    // The walk saw a time the cache did not know and called off the graph decoded beside
    // it; the graph is still the cached one.
    assert_eq!(
        report.graph,
        repotoire::engine::GraphUpdate::Reused,
        "{report:?}"
    );
}

#[test]
fn a_changed_project_file_resolves_again_though_no_source_changed() {
    let dir = Dir::with_fixture(&format!(
        "{FIXTURE}//- web/tsconfig.json\n{{ \"compilerOptions\": {{ \"baseUrl\": \".\" }} }}\n"
    ));
    dir.engine(true).refresh();
    // Same sources, other path aliases: the graph decoded beside the walk was built from
    // other inputs and must not be taken.
    dir.write(
        "web/tsconfig.json",
        r#"{ "compilerOptions": { "baseUrl": ".", "paths": { "@b": ["b.ts"] } } }"#,
    );
    dir.write(
        "web/a.ts",
        "import { b } from \"@b\";\nexport function a() { b(); }\n",
    );
    let engine = dir.engine(true);
    let report = engine.refresh();
    assert_eq!(report.parsed, 1, "{report:?}");
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
    assert!(
        dump_edges(&snap).contains("web/a.a -calls(1.0)-> web/b.b"),
        "{}",
        dump_edges(&snap)
    );
    // And with only the project file changed back, nothing is parsed, yet the graph is
    // resolved again rather than taken from the cache.
    dir.write(
        "web/tsconfig.json",
        r#"{ "compilerOptions": { "baseUrl": "." } }"#,
    );
    let engine = dir.engine(true);
    let report = engine.refresh();
    assert_eq!(
        (report.parsed, report.graph),
        (0, repotoire::engine::GraphUpdate::Resolved),
        "{report:?}"
    );
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
    assert!(
        !dump_edges(&snap).contains("web/a.a -calls(1.0)-> web/b.b"),
        "{}",
        dump_edges(&snap)
    );
}

#[test]
fn a_cache_that_cannot_be_created_is_reported_and_the_run_goes_on_without_it() {
    let dir = Dir::with_fixture(FIXTURE);
    // A file where the cache folder would go: the first run creates its cache beside the
    // walk and parse, and must still say why it could not, then finish.
    dir.write(".repotoire", "not a folder\n");
    let engine = dir.engine(true);
    let report = engine.refresh();
    assert!(!report.cache_used, "{report:?}");
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.starts_with("cache unavailable") && w.contains(".repotoire")),
        "{:?}",
        report.warnings
    );
    assert_eq!(report.parsed, 5);
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
}

#[test]
fn a_truncated_database_is_reported_once_and_rebuilt() {
    let dir = Dir::with_fixture(FIXTURE);
    dir.engine(true).refresh();
    let db = dir.join(".repotoire/cache.redb");
    let len = std::fs::metadata(&db).unwrap().len();
    let file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
    file.set_len(len / 3).unwrap();
    drop(file);
    let engine = dir.engine(true);
    let report = engine.refresh();
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("cache") && w.contains("rebuilding")),
        "{:?}",
        report.warnings
    );
    // Rebuilt: the next run reuses everything and says nothing.
    let again = dir.engine(true).refresh();
    assert_eq!(
        (again.parsed, again.warnings.len()),
        (0, 0),
        "{:?}",
        again.warnings
    );
}

#[test]
fn a_garbled_database_gives_a_correct_graph() {
    let dir = Dir::with_fixture(FIXTURE);
    dir.engine(true).refresh();
    let db = dir.join(".repotoire/cache.redb");
    let mut bytes = std::fs::read(&db).unwrap();
    // Keep redb's header readable so the damage is found further in, then garble the rest.
    for (i, byte) in bytes.iter_mut().enumerate().skip(4096) {
        *byte = (i * 31 % 251) as u8;
    }
    std::fs::write(&db, bytes).unwrap();
    let engine = dir.engine(true);
    engine.refresh();
    let snap = engine.snapshot();
    assert_eq!((dump_nodes(&snap), dump_edges(&snap)), cold_dump(&dir));
}

#[test]
fn a_database_from_another_schema_is_rebuilt() {
    let dir = Dir::with_fixture(FIXTURE);
    std::fs::create_dir_all(dir.join(".repotoire")).unwrap();
    {
        let db = redb::Database::create(dir.join(".repotoire/cache.redb")).unwrap();
        let write = db.begin_write().unwrap();
        {
            let mut meta = write
                .open_table(redb::TableDefinition::<&str, &str>::new("meta"))
                .unwrap();
            meta.insert("schema", "0:old").unwrap();
        }
        write.commit().unwrap();
    }
    let report = dir.engine(true).refresh();
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("another version")),
        "{:?}",
        report.warnings
    );
    assert_eq!(report.parsed, 5);
}

#[test]
fn two_processes_on_one_repository_both_finish_with_the_same_graph() {
    let dir = Dir::with_fixture(FIXTURE);
    let expected = stdout(
        &cmd(dir.path())
            .args(["graph", "export", "--no-cache", "."])
            .output()
            .unwrap(),
    );
    let children: Vec<_> = (0..2)
        .map(|_| {
            cmd(dir.path())
                .args(["graph", "export", "."])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stdout(&output), expected);
    }
    let again = dir.engine(true).refresh();
    assert_eq!(again.parsed, 0);
}

#[test]
fn no_cache_writes_nothing() {
    let dir = Dir::with_fixture(FIXTURE);
    let output = cmd(dir.path())
        .args(["graph", "stats", "--no-cache", "."])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(!dir.join(".repotoire").exists());
}

/// A file entry to write straight through the store.
fn entry(byte: u8) -> repotoire::store::FileEntry {
    repotoire::store::FileEntry {
        hash: [byte; 32],
        size: 10,
        modified: 20,
        local: [0; 32],
    }
}

fn write_entries(dir: &Dir, boot: &str, paths: &[&str]) {
    let mut store = repotoire::store::Store::open_as(dir.path(), Some(boot.into())).unwrap();
    let update = repotoire::store::Update {
        files: paths.iter().map(|p| (*p, entry(7))).collect(),
        ..Default::default()
    };
    store.save(&update).unwrap();
}

fn stored_paths(store: &repotoire::store::Store) -> Vec<String> {
    let mut paths: Vec<String> = store.files().unwrap().into_keys().collect();
    paths.sort();
    paths
}

/// Within one boot the cache is written without syncs and trusted; the first open after
/// a restart verifies every checksum, so pages that reached the disk torn (here: a key
/// changed behind redb's back) are caught and the cache rebuilt.
#[test]
fn after_a_restart_a_torn_cache_is_caught_by_its_checksums_and_rebuilt() {
    use repotoire::store::Store;
    let dir = Dir::with_fixture(FIXTURE);
    write_entries(&dir, "boot-a", &["app/models.py", "app/views.py"]);
    let db = dir.join(".repotoire/cache.redb");
    let bytes = std::fs::read(&db).unwrap();
    let (from, to) = (b"app/views.py", b"app/views.pz");
    let at = bytes
        .windows(from.len())
        .position(|w| w == from)
        .expect("the key is in the file");
    let mut torn = bytes.clone();
    torn[at..at + to.len()].copy_from_slice(to);
    std::fs::write(&db, torn).unwrap();

    // The same boot: no crash of the machine can have torn a page, and none is looked for.
    let same = Store::open_as(dir.path(), Some("boot-a".into())).unwrap();
    assert!(
        !same.verified && same.warnings.is_empty(),
        "{:?}",
        same.warnings
    );
    assert_eq!(stored_paths(&same), ["app/models.py", "app/views.pz"]);
    drop(same);

    let after = Store::open_as(dir.path(), Some("boot-b".into())).unwrap();
    assert!(after.verified);
    assert!(
        after
            .warnings
            .iter()
            .any(|w| w.contains("restarted") && w.contains("rebuilding")),
        "{:?}",
        after.warnings
    );
    assert!(stored_paths(&after).is_empty());
    drop(after);
    let again = Store::open_as(dir.path(), Some("boot-b".into())).unwrap();
    assert!(
        !again.verified && again.warnings.is_empty(),
        "{:?}",
        again.warnings
    );
}

#[test]
fn after_a_restart_an_intact_cache_is_verified_once_and_kept() {
    use repotoire::store::Store;
    let dir = Dir::with_fixture(FIXTURE);
    write_entries(&dir, "boot-a", &["app/models.py", "web/a.ts"]);
    let after = Store::open_as(dir.path(), Some("boot-b".into())).unwrap();
    assert!(
        after.verified && after.warnings.is_empty(),
        "{:?}",
        after.warnings
    );
    assert_eq!(stored_paths(&after), ["app/models.py", "web/a.ts"]);
    drop(after);
    let again = Store::open_as(dir.path(), Some("boot-b".into())).unwrap();
    assert!(!again.verified, "verified twice in one boot");
    assert_eq!(again.files().unwrap()["web/a.ts"], entry(7));
    // Where the boot is unknown the file is synced as redb does by default, and read alike.
    drop(again);
    let synced = Store::open_as(dir.path(), None).unwrap();
    assert!(!synced.verified && synced.warnings.is_empty());
    assert_eq!(stored_paths(&synced), ["app/models.py", "web/a.ts"]);
}

/// A pass whose result for a file is its path, and which records the results it is
/// handed while the graph is resolved and the languages the walk showed it.
#[derive(Default)]
struct Recording {
    given: std::sync::Mutex<Vec<(String, Vec<u8>)>>,
    saw: std::sync::Mutex<Vec<String>>,
}

impl repotoire::parse::LocalPass for Recording {
    fn key(&self) -> [u8; 32] {
        [7; 32]
    }

    fn run(
        &self,
        _language: repotoire::lang::LangId,
        _source: &str,
        _tree: &repotoire::parse::flat::FlatTree<'_>,
        facts: &repotoire::parse::FileFacts,
    ) -> Vec<u8> {
        facts.path.as_bytes().to_vec()
    }

    fn saw(&self, language: repotoire::lang::LangId) {
        self.saw.lock().unwrap().push(language.name().to_string());
    }

    fn fresh_results(
        &self,
        results: &std::collections::HashMap<String, repotoire::parse::LocalBytes>,
    ) {
        let mut given = self.given.lock().unwrap();
        given.extend(results.iter().map(|(p, b)| (p.clone(), b.to_vec())));
        given.sort();
    }
}

#[test]
fn the_pass_is_handed_the_results_of_exactly_the_files_parsed_in_that_run() {
    let dir = Dir::with_fixture(FIXTURE);
    let recording = std::sync::Arc::new(Recording::default());
    let engine = |pass: &std::sync::Arc<Recording>| {
        repotoire::engine::Engine::new(
            dir.path(),
            repotoire::engine::Options {
                pass: Some(pass.clone()),
                ..repotoire::engine::Options::default()
            },
        )
        .expect("engine")
    };
    let report = engine(&recording).refresh();
    assert_eq!(report.parsed, 5);
    let given = std::mem::take(&mut *recording.given.lock().unwrap());
    let paths: Vec<&str> = given.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        [
            "app/__init__.py",
            "app/models.py",
            "app/views.py",
            "web/a.ts",
            "web/b.ts"
        ]
    );
    // What it is handed is what `run` gave for that file, and what the report keeps.
    for (path, bytes) in &given {
        assert_eq!(bytes, path.as_bytes());
        assert_eq!(&*report.local[path], path.as_bytes());
    }
    // Without a cache the walk showed it each language once, to ready itself.
    let mut saw = std::mem::take(&mut *recording.saw.lock().unwrap());
    saw.sort();
    assert_eq!(saw, ["python", "typescript"]);

    std::fs::write(dir.join("web/b.ts"), "export function b() { return 1; }\n").unwrap();
    engine(&recording).refresh();
    let given = recording.given.lock().unwrap();
    let paths: Vec<&str> = given.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["web/b.ts"]);
    // With one, most files are not parsed: nothing is readied ahead.
    assert!(recording.saw.lock().unwrap().is_empty());
}

/// A pass whose result describes what it was handed: the text's length, the tree's size
/// and the facts' symbols, so a tree kept for later that was not the file's own shows.
struct Shape;

impl repotoire::parse::LocalPass for Shape {
    fn key(&self) -> [u8; 32] {
        [9; 32]
    }

    fn run(
        &self,
        language: repotoire::lang::LangId,
        source: &str,
        tree: &repotoire::parse::flat::FlatTree<'_>,
        facts: &repotoire::parse::FileFacts,
    ) -> Vec<u8> {
        let symbols: Vec<&str> = facts.symbols.iter().map(|s| s.name.as_str()).collect();
        format!(
            "{} {} {} {} {}",
            language.name(),
            facts.path,
            source.len(),
            tree.len(),
            symbols.join(",")
        )
        .into_bytes()
    }
}

/// Python files of many sizes: some have their local pass run beside resolution, and each
/// result is what the pass gives beside the file's own parse, in the report and in the
/// cache a second run reads. A live engine runs every pass with its parse.
#[test]
fn local_passes_put_off_until_resolution_give_what_they_give_beside_the_parse() {
    let dir = Dir::new();
    for i in 0..16 {
        let body: String = (0..=i * 3)
            .map(|f| format!("def f{f}(x):\n    return g{i}(x) + {f}\n\n"))
            .collect();
        dir.write(
            &format!("pkg/m{i}.py"),
            format!("def g{i}(x):\n    return x\n\n{body}"),
        );
    }
    dir.write("web/a.ts", "export function a() { return 1; }\n");
    let engine = |live: bool, use_cache: bool| {
        repotoire::engine::Engine::new(
            dir.path(),
            repotoire::engine::Options {
                pass: Some(std::sync::Arc::new(Shape)),
                live,
                use_cache,
                ..repotoire::engine::Options::default()
            },
        )
        .expect("engine")
    };
    let expected = |path: &str| {
        let bytes = std::fs::read(dir.join(path)).unwrap();
        let language = repotoire::lang::for_path(path).unwrap();
        let (_, local) = repotoire::parse::parse_bytes_with(
            path,
            language,
            &bytes,
            repotoire::parse::hash(&bytes),
            Some(&Shape),
            None,
        );
        local.expect("a pass result")
    };
    let cold = engine(false, true).refresh();
    assert_eq!(cold.parsed, 17);
    assert!(
        cold.passed_later > 0 && cold.passed_later < 16,
        "{} of 16 Python files put off",
        cold.passed_later
    );
    assert_eq!(cold.local.len(), 17);
    for (path, bytes) in &cold.local {
        assert_eq!(&**bytes, &expected(path)[..], "{path}");
    }
    let warm = engine(false, true).refresh();
    assert_eq!((warm.parsed, warm.passed_later), (0, 0));
    assert_eq!(warm.local, cold.local);
    let live = engine(true, false).refresh();
    assert_eq!((live.parsed, live.passed_later), (17, 0));
    assert_eq!(live.local, cold.local);
}
