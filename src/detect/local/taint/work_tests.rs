//! How much work the analysis does as code grows: a chain of method calls
//! (`s.replace(…).replace(…)…`, a builder's `.option(…)` calls) or of `else if`s must cost
//! in proportion to its length. Each link asking its receiver's value more than once made a
//! chain of n links cost 2^n evaluations (a few hundred bytes took seconds), and each `if`
//! of a guard chain asking whether the whole rest of the chain exits cost n².

use std::cell::Cell;

use crate::lang::LangId;
use crate::parse::LocalPass;

thread_local! {
    /// Expressions evaluated on this thread (`Analyser::eval`), for the tests below.
    pub(super) static EVALUATIONS: Cell<u64> = const { Cell::new(0) };
    /// Nodes asked whether control can leave them (`Analyser::exits`), for the tests below.
    pub(super) static EXITS_ASKED: Cell<u64> = const { Cell::new(0) };
}

/// A parameter passed through `links` calls of each kind the analysis follows (their
/// arguments read from another parameter) into a command sink: (file name, source).
fn chain(language: LangId, links: usize) -> (&'static str, String) {
    let methods: &[&str] = match language {
        LangId::Python => &[".replace('a', p.a)", ".strip()", ".lower()", ".format(p.b)"],
        LangId::Rust => &[".replace(\"a\", &p.a)", ".trim()", ".to_string()"],
        _ => &[
            ".replace(/a/g, p.a)",
            ".trim()",
            ".toLowerCase()",
            ".concat(p.b)",
        ],
    };
    let links: String = (0..links)
        .map(|i| format!("\n        {}", methods[i % methods.len()]))
        .collect();
    match language {
        LangId::Python => (
            "app.py",
            format!(
                "import os\n\ndef run(x, p):\n    cmd = (x{links}\n    )\n    os.system(cmd)\n"
            ),
        ),
        LangId::Rust => (
            "src/main.rs",
            format!(
                "use std::process::Command;\n\npub fn run(x: &str, p: &P) {{\n    let cmd = x{links};\n    let _ = Command::new(\"sh\").arg(\"-c\").arg(cmd).output();\n}}\n"
            ),
        ),
        _ => (
            "app.js",
            format!(
                "const {{ exec }} = require('child_process');\n\nfunction run(x, p) {{\n  const cmd = x{links};\n  exec(cmd);\n}}\n"
            ),
        ),
    }
}

/// Evaluations spent analysing `source`, and whether it found the command injection.
fn work(language: LangId, path: &str, source: &str) -> (u64, bool) {
    let (evaluations, _, found) = counted(language, path, source);
    (evaluations, found)
}

/// Evaluations and exit questions spent analysing `source`, and whether it found the
/// command injection.
fn counted(language: LangId, path: &str, source: &str) -> (u64, u64, bool) {
    let catalog = crate::detect::analyze::Catalog::builtin().expect("catalog");
    let pass = catalog.pass().expect("pass");
    pass.prepare(language);
    EVALUATIONS.with(|n| n.set(0));
    EXITS_ASKED.with(|n| n.set(0));
    let (_, bytes) = crate::parse::parse_bytes_with(
        path,
        language,
        source.as_bytes(),
        [0; 32],
        Some(&pass as &dyn LocalPass),
        None,
    );
    let results = crate::detect::local::LocalResults::decode(&bytes.expect("local results"))
        .expect("decodes");
    let found = results.hits.iter().any(|h| h.rule == "command-injection");
    (
        EVALUATIONS.with(Cell::get),
        EXITS_ASKED.with(Cell::get),
        found,
    )
}

#[test]
fn method_chains_cost_in_proportion_to_their_length() {
    for language in [
        LangId::Python,
        LangId::JavaScript,
        LangId::TypeScript,
        LangId::Rust,
    ] {
        let (path, short) = chain(language, 8);
        let (short_work, short_found) = work(language, path, &short);
        let (_, long) = chain(language, 16);
        let (long_work, long_found) = work(language, path, &long);
        assert!(short_found && long_found, "{language:?}: the flow was lost");
        // Twice the links: about twice the work (a square would be four times, and the
        // exponential cost this guards against 256 times).
        assert!(
            long_work < 3 * short_work,
            "{language:?}: {short_work} evaluations for 8 links, {long_work} for 16"
        );
    }
}

/// `if (x === "a0") {…} else if (x === "a1") {…} … else {…}` with `links` tests, each
/// branch returning, then the sink: each test vouches for `x` in its branch only.
fn guard_chain(links: usize) -> String {
    let branches: String = (1..links)
        .map(|i| format!(" else if (x === \"a{i}\") {{\n    return {i};\n  }}"))
        .collect();
    format!(
        "const {{ exec }} = require('child_process');\n\nfunction run(x) {{\n  if (x === \"a0\") {{\n    return 0;\n  }}{branches}\n  exec(x);\n}}\n"
    )
}

#[test]
fn else_if_chains_cost_in_proportion_to_their_length() {
    let (_, short_asked, short_found) = counted(LangId::JavaScript, "app.js", &guard_chain(500));
    let (_, long_asked, long_found) = counted(LangId::JavaScript, "app.js", &guard_chain(1000));
    // No branch but the last falls through; it did not pass a test, so `x` is as it came.
    assert!(
        short_found && long_found,
        "the flow past the chain was lost"
    );
    assert!(
        long_asked < 3 * short_asked,
        "{short_asked} exit questions for 500 links, {long_asked} for 1000"
    );
}
