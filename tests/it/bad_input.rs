//! Bad input never crashes and never loses the rest of the tree.

use crate::support::{Dir, cmd, dump_nodes, stderr, stdout};
use repotoire::engine::{Engine, Options};
use repotoire::parse::SkipReason;

fn reasons(dir: &Dir, max_file_size: u64) -> (Vec<(String, String)>, usize) {
    let engine = Engine::new(
        dir.path(),
        Options {
            max_file_size,
            use_cache: false,
            pass: None,
            live: false,
        },
    )
    .unwrap();
    let report = engine.refresh();
    let skipped = report
        .skipped
        .iter()
        .map(|s| (s.path.clone(), s.reason.label().to_string()))
        .collect();
    (skipped, engine.snapshot().files.len())
}

#[test]
fn binary_files_are_skipped_and_counted() {
    let dir = Dir::with_fixture("//- ok.py\ndef f():\n    pass\n");
    dir.write("blob.py", [0x7f, b'E', b'L', b'F', 0, 0, 1, 2]);
    assert_eq!(
        reasons(&dir, 1 << 20),
        (vec![("blob.py".into(), "binary".into())], 1)
    );
}

#[test]
fn files_over_the_size_limit_are_skipped_and_the_limit_is_configurable() {
    let dir = Dir::with_fixture("//- small.py\nx = 1\n");
    dir.write("big.py", "x = 1\n".repeat(100));
    assert_eq!(
        reasons(&dir, 100),
        (vec![("big.py".into(), "too large".into())], 1)
    );
    assert_eq!(reasons(&dir, 1 << 20), (vec![], 2));
    let output = cmd(dir.path())
        .args([
            "-v",
            "graph",
            "stats",
            "--max-file-size",
            "100",
            "--no-cache",
            ".",
        ])
        .output()
        .unwrap();
    assert!(
        stderr(&output).contains("skipped big.py: too large (600 bytes, limit 100)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn non_utf8_files_are_decoded_lossily_and_still_analysed() {
    let dir = Dir::new();
    dir.write(
        "latin1.py",
        b"# caf\xe9\ndef f():\n    g()\n\ndef g():\n    pass\n",
    );
    let (snap, _) = dir.build();
    assert!(snap.files[0].lossy);
    assert!(
        snap.files[0]
            .diagnostics
            .iter()
            .any(|d| d.message.contains("decoded lossily"))
    );
    assert!(crate::support::dump_edges(&snap).contains("latin1.f -calls(1.0)-> latin1.g"));
}

/// The Python source that made tree-sitter abort the process: an unclosed string, then
/// 512 ever deeper blocks (the grammar's scanner overflows its 1 KiB state buffer).
pub fn aborting_python() -> String {
    let mut source = String::from("\"\"\"\n");
    for level in 1..=512 {
        source.push_str(&" ".repeat(level));
        source.push_str("if x:\n");
    }
    source
}

/// Nesting at the limit is parsed (nothing recurses over the tree); past it the file is
/// skipped with its depth and the limit, and the rest of the tree is analysed.
#[test]
fn pathological_nesting_is_parsed_up_to_the_limit_and_skipped_past_it() {
    let dir = Dir::new();
    let limit = repotoire::parse::guard::MAX_NESTING as usize;
    dir.write(
        "deep.py",
        format!("x = {}1{}\n", "(".repeat(limit), ")".repeat(limit)),
    );
    dir.write(
        "deep.js",
        format!("const x = {}1{};\n", "[".repeat(limit), "]".repeat(limit)),
    );
    dir.write(
        "deep.rs",
        format!(
            "fn f() {{ {} }}\n",
            "{".repeat(limit - 1) + &"}".repeat(limit - 1)
        ),
    );
    let depth = 50_000;
    dir.write(
        "deeper.ts",
        format!(
            "{}\n",
            "function f() {\n".repeat(depth) + &"}\n".repeat(depth)
        ),
    );
    // Nests each just under the limit, so many that the file costs as much as a deep one.
    let nest = "function f() {\n".repeat(limit - 1) + &"}\n".repeat(limit - 1);
    dir.write("many.js", nest.repeat(9));
    dir.write("ok.py", "def f():\n    pass\n");
    let (snap, report) = dir.build();
    assert_eq!(snap.files.len(), 4);
    assert_eq!(report.skipped.len(), 2, "{:?}", report.skipped);
    assert_eq!(report.skipped[0].path, "deeper.ts");
    assert_eq!(
        report.skipped[0].reason,
        SkipReason::TooDeep {
            what: "brackets",
            depth: depth as u32,
            limit: limit as u32
        }
    );
    assert_eq!(report.skipped[1].path, "many.js");
    assert!(
        matches!(report.skipped[1].reason, SkipReason::TooNested { .. }),
        "{:?}",
        report.skipped[1]
    );
    assert!(dump_nodes(&snap).contains("function ok.f"));
}

/// The aborting file is skipped and named by `analyze` (its warning on stderr, the rest
/// analysed) and by `graph stats`; `serve` starts and answers over it.
#[test]
fn a_file_that_would_abort_the_parser_is_skipped_by_every_command() {
    let dir = Dir::with_fixture("//- ok.py\nimport os\n\ndef f(c):\n    os.system(c)\n");
    dir.write("deep.py", aborting_python());
    let output = cmd(dir.path())
        .args([
            "--headless",
            "analyze",
            ".",
            "--format",
            "json",
            "--fail-on",
            "never",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("deep.py: not analysed: ")
            && stderr(&output).contains("indentation levels deep, over the limit of 300"),
        "{}",
        stderr(&output)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["file"] == "ok.py"),
        "{report}"
    );
    let output = cmd(dir.path())
        .args(["--headless", "graph", "stats", ".", "-v"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("too deeply nested 1"),
        "{}",
        stdout(&output)
    );

    let mut server = crate::support::serve_stdio(dir.path());
    let mut stdin = server.stdin.take().unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(server.stdout.take().unwrap()));
    let mut ask = |request: &str| {
        std::io::Write::write_all(&mut stdin, format!("{request}\n").as_bytes()).unwrap();
    };
    ask(
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
    );
    let answer = lines.next().unwrap().unwrap();
    assert!(
        answer.contains(r#""id":1"#) && answer.contains("result"),
        "{answer}"
    );
    ask(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    ask(
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"find_symbol","arguments":{"query":"f"}}}"#,
    );
    let answer = lines.next().unwrap().unwrap();
    assert!(
        answer.contains(r#""id":2"#) && answer.contains("ok.f"),
        "{answer}"
    );
    drop(stdin);
    assert!(server.wait().unwrap().success());
}

#[test]
fn syntax_errors_give_what_parsed_plus_diagnostics() {
    let dir = Dir::with_fixture(
        "//- broken.py\ndef good():\n    pass\n\ndef bad(:\n    pass\n\ndef after():\n    good()\n",
    );
    let (snap, _) = dir.build();
    let file = &snap.files[0];
    assert!(
        file.diagnostics
            .iter()
            .any(|d| d.message.starts_with("syntax error") && d.line == 4),
        "{:?}",
        file.diagnostics
    );
    let nodes = dump_nodes(&snap);
    assert!(
        nodes.contains("function broken.good") && nodes.contains("function broken.after"),
        "{nodes}"
    );
    assert!(crate::support::dump_edges(&snap).contains("broken.after -calls(1.0)-> broken.good"));
}

/// Links are never followed, as git and ripgrep do not: not a loop, not a file or a folder
/// outside the root (nothing there is read), not even a link to a file inside it. Each is
/// named as skipped.
#[cfg(unix)]
#[test]
fn symlinks_are_not_followed_in_or_out_of_the_root() {
    let outside = Dir::with_fixture("//- secret.py\ndef leaked():\n    pass\n");
    let dir = Dir::with_fixture("//- pkg/mod.py\ndef f():\n    pass\n");
    std::os::unix::fs::symlink(dir.join("pkg"), dir.join("pkg/again")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.py"), dir.join("passwd.py")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.join("etcdir")).unwrap();
    std::os::unix::fs::symlink(dir.join("pkg/mod.py"), dir.join("alias.py")).unwrap();
    let (skipped, files) = reasons(&dir, 1 << 20);
    assert_eq!(files, 1);
    let link = |path: &str| (path.to_string(), "symbolic link".to_string());
    assert_eq!(
        skipped,
        vec![
            link("alias.py"),
            link("etcdir"),
            link("passwd.py"),
            link("pkg/again")
        ]
    );
    let (snap, _) = dir.build();
    assert!(
        !dump_nodes(&snap).contains("leaked"),
        "{}",
        dump_nodes(&snap)
    );
}

/// A file that cannot be read is skipped with the system's reason.
#[test]
fn unreadable_files_are_skipped_and_named() {
    let dir = Dir::new();
    let reason = repotoire::parse::read_source(&dir.join("missing.py")).unwrap_err();
    assert_eq!(reason.label(), "unreadable");
    assert!(reason.to_string().contains("not found"), "{reason}");
}

#[test]
fn an_empty_tree_is_an_empty_graph() {
    let dir = Dir::new();
    let output = cmd(dir.path())
        .args(["graph", "export", "."])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), r#"{"nodes":[],"edges":[]}"#);
}

#[test]
fn ignored_and_vendored_folders_are_not_walked() {
    let dir = Dir::with_fixture(
        "//- .gitignore\ngenerated/\n//- .repotoireignore\nscratch.py\n//- src/app.py\nx = 1\n//- generated/out.py\nx = 1\n//- node_modules/lib/index.js\nx = 1\n//- target/debug/build.rs\nfn f() {}\n//- .venv/lib/site.py\nx = 1\n//- scratch.py\nx = 1\n",
    );
    let (snap, _) = dir.build();
    let paths: Vec<&str> = snap.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["src/app.py"]);
}

#[test]
fn gits_global_ignore_file_is_honoured() {
    let dir = Dir::with_fixture(
        "//- src/app.py\nx = 1\n//- src/notes.py\nx = 1\n//- gitconfig\n[core]\n\texcludesFile = \"~/global-ignore\"\n//- global-ignore\nnotes.py\n",
    );
    let stats = |config: &str| {
        let output = cmd(dir.path())
            .args(["graph", "stats", "--format", "json", "--no-cache", "src"])
            .env("HOME", dir.path())
            .env("GIT_CONFIG_GLOBAL", dir.path().join(config))
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", stderr(&output));
        let stats: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        stats["files_by_language"]["python"].as_u64()
    };
    assert_eq!(
        stats("gitconfig"),
        Some(1),
        "the file the global ignore names is not walked"
    );
    assert_eq!(
        stats("no-such-config"),
        Some(2),
        "without the setting both files are walked"
    );
}

#[test]
fn skip_reasons_have_readable_labels() {
    assert_eq!(SkipReason::Binary.to_string(), "binary content");
    assert_eq!(
        SkipReason::TooLarge { size: 5, limit: 1 }.to_string(),
        "too large (5 bytes, limit 1)"
    );
    let deep = SkipReason::TooDeep {
        what: "brackets",
        depth: 3000,
        limit: 2000,
    };
    assert_eq!(
        deep.to_string(),
        "3000 brackets deep, over the limit of 2000"
    );
    assert_eq!(deep.label(), "too deeply nested");
}

/// A file name that is not UTF-8 is shown escaped (`\xFF`, and a backslash as `\\`), one
/// name for one file, and the tools reach the file by that name.
#[cfg(target_os = "linux")]
#[test]
fn file_names_that_are_not_utf8_are_escaped_and_still_reachable() {
    use std::os::unix::ffi::OsStrExt;
    let dir = Dir::with_fixture("//- ok.py\nx = 1\n");
    let odd = std::ffi::OsStr::from_bytes(b"bad\xff.py");
    std::fs::write(dir.path().join(odd), "def strange():\n    pass\n").unwrap();
    std::fs::write(
        dir.path().join("back\\slash.py"),
        "def slashed():\n    pass\n",
    )
    .unwrap();
    let (snap, report) = dir.build();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let mut paths: Vec<&str> = snap.files.iter().map(|f| f.path.as_str()).collect();
    paths.sort();
    assert_eq!(paths, ["back\\\\slash.py", "bad\\xFF.py", "ok.py"]);
    for (file, symbol) in [("bad\\xFF.py", "strange"), ("back\\\\slash.py", "slashed")] {
        let output = cmd(dir.path())
            .args([
                "query",
                "read_file",
                &serde_json::json!({ "path": file }).to_string(),
            ])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stdout(&output).contains(symbol), "{}", stdout(&output));
        let output = cmd(dir.path())
            .args(["query", "file_outline", "--file", file])
            .output()
            .unwrap();
        assert!(stdout(&output).contains(symbol), "{}", stdout(&output));
    }
}
