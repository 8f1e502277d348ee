//! Hostile input, generated: every surface a repository or a client feeds us gets a few
//! thousand mutated inputs (flipped bytes, cuts, deep nesting, huge lines, NUL, invalid
//! UTF-8, CR/LF mixes, byte-order marks, splices), from a fixed seed so that a failure is
//! the same on every run. Nothing may panic or abort; errors are fine. Inputs that once
//! broke something stay in `tests/fixtures/hostile/<surface>/` and run first. An abort
//! takes the test binary down with it: `HOSTILE_TRACE=1` writes each input to
//! `/tmp/hostile-current` before it runs, so the last one is the culprit.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use repotoire::lang::{self, LANGUAGES};

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    fn byte(&mut self) -> u8 {
        self.below(256) as u8
    }
}

/// One to three mutations of `seed`, some mixing in `other`.
fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(out.len() + 1);
        match rng.below(10) {
            0 => {
                for _ in 0..=rng.below(8) {
                    let i = rng.below(out.len());
                    if let Some(b) = out.get_mut(i) {
                        *b = rng.byte();
                    }
                }
            }
            1 => out.truncate(at),
            2 => {
                let depth = 1 + rng.below(2_500);
                let (open, close) = [("(", ")"), ("[", "]"), ("{", "}")][rng.below(3)];
                let nested = open.repeat(depth) + &close.repeat(rng.below(depth + 1));
                out.splice(at..at, nested.into_bytes());
            }
            3 => {
                let long = 100_000 + rng.below(100_000);
                out.splice(at..at, std::iter::repeat_n(b'a', long));
            }
            4 => {
                out.splice(at..at, [0u8; 3]);
            }
            5 => {
                out.splice(at..at, [0xff, 0xfe, 0xc3]);
            }
            6 => {
                for b in out.iter_mut() {
                    if *b == b'\n' && rng.below(3) == 0 {
                        *b = b'\r';
                    }
                }
            }
            7 => {
                out.splice(0..0, "\u{feff}".bytes());
            }
            8 => {
                let from = rng.below(other.len());
                let to = (from + rng.below(400)).min(other.len());
                out.splice(at..at, other[from..to].iter().copied());
            }
            _ => {
                // Indentation ever deeper, the Python scanner's old abort.
                let levels = rng.below(600);
                let mut block = String::from("\"\"\"\n");
                for level in 1..=levels {
                    block.push_str(&" ".repeat(level));
                    block.push_str("if x:\n");
                }
                out.splice(at..at, block.into_bytes());
            }
        }
    }
    out
}

/// Files under `dir` (recursively), in path order.
fn files_under(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `case` on every input; a panic names the input's file (written to the temporary
/// folder so it can become a regression fixture). Returns the slowest input's time.
fn survive(surface: &str, inputs: &[Vec<u8>], mut case: impl FnMut(&[u8])) -> (usize, Duration) {
    let mut slowest = Duration::ZERO;
    for (index, input) in inputs.iter().enumerate() {
        if std::env::var_os("HOSTILE_TRACE").is_some() {
            std::fs::write("/tmp/hostile-current", input).unwrap();
        }
        let started = Instant::now();
        if catch_unwind(AssertUnwindSafe(|| case(input))).is_err() {
            let kept = std::env::temp_dir().join(format!("repotoire-hostile-{surface}-{index}"));
            let _ = std::fs::write(&kept, input);
            panic!(
                "{surface}: input {index} panicked; it is in {}",
                kept.display()
            );
        }
        slowest = slowest.max(started.elapsed());
    }
    eprintln!(
        "hostile {surface}: {} inputs, slowest {:.1} ms",
        inputs.len(),
        slowest.as_secs_f64() * 1000.0
    );
    (inputs.len(), slowest)
}

/// The regression fixtures for a surface, then `count` mutations of `seeds`.
fn inputs(surface: &str, seeds: &[Vec<u8>], count: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut kept = Vec::new();
    files_under(
        &root().join("tests/fixtures/hostile").join(surface),
        &mut kept,
    );
    out.extend(kept.iter().map(|p| std::fs::read(p).unwrap()));
    let mut rng = Rng(seed);
    for _ in 0..count {
        let seed = &seeds[rng.below(seeds.len())];
        let other = &seeds[rng.below(seeds.len())];
        out.push(mutate(&mut rng, seed, other));
    }
    out
}

/// Source files of every language through the whole file pass: parse, extraction, every
/// local detector; then the language's facts resolved together.
#[test]
fn mutated_sources_never_break_the_parse_or_the_detectors() {
    let rules = repotoire::detect::rule::embedded().unwrap();
    let pass = repotoire::detect::local::Pass::new(&rules).unwrap();
    let mut all = Vec::new();
    files_under(&root().join("queries/tests"), &mut all);
    files_under(&root().join("detectors"), &mut all);
    for (index, spec) in LANGUAGES.iter().enumerate() {
        let path = format!("fuzz.{}", spec.extensions[0]);
        let seeds: Vec<Vec<u8>> = all
            .iter()
            .filter(|p| lang::for_path(&p.to_string_lossy()) == Some(spec.id))
            .map(|p| std::fs::read(p).unwrap())
            .collect();
        assert!(!seeds.is_empty(), "{}: no seeds", spec.name);
        let inputs = inputs(spec.name, &seeds, 400, 0x5EED + index as u64);
        let mut facts = Vec::new();
        survive(spec.name, &inputs, |input| {
            let hash = repotoire::parse::hash(input);
            let (parsed, _) =
                repotoire::parse::parse_bytes_with(&path, spec.id, input, hash, Some(&pass), None);
            facts.push(std::sync::Arc::new(parsed));
        });
        // Every fact under one path would be one file many times: give each its own.
        let facts: Vec<_> = facts
            .into_iter()
            .enumerate()
            .map(|(i, f)| {
                let mut f = (*f).clone();
                f.path = format!("fuzz{i}.{}", spec.extensions[0]);
                std::sync::Arc::new(f)
            })
            .collect();
        let snapshot = repotoire::graph::Snapshot::build(&facts, &Vec::new(), "fuzz");
        assert_eq!(snapshot.files.len(), facts.len());
    }
}

/// Recorded provider streams, mutated and cut into random chunks, through the SSE parser
/// and each wire's assembler.
#[test]
fn mutated_provider_streams_never_break_the_assemblers() {
    use repotoire::agent::provider::sse::SseParser;
    use repotoire::agent::provider::{anthropic, openai};
    for (index, wire) in ["anthropic", "openai"].iter().enumerate() {
        let mut files = Vec::new();
        files_under(&root().join("tests/fixtures/sse").join(wire), &mut files);
        let seeds: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap()).collect();
        let inputs = inputs(&format!("sse-{wire}"), &seeds, 300, 0xA55 + index as u64);
        let mut rng = Rng(7);
        survive(&format!("sse-{wire}"), &inputs, |input| {
            let mut parser = SseParser::default();
            let mut events = Vec::new();
            let mut at = 0;
            while at < input.len() {
                let end = (at + 1 + rng.below(64)).min(input.len());
                events.extend(parser.feed(&input[at..end]));
                at = end;
            }
            let mut emit = |_: &str| {};
            if *wire == "anthropic" {
                let mut assembler = anthropic::Assembler::default();
                for event in &events {
                    if !matches!(assembler.event(event, &mut emit), Ok(false)) {
                        break;
                    }
                }
                let _ = assembler.finish();
            } else {
                let mut assembler = openai::Assembler::default();
                for event in &events {
                    if !matches!(assembler.event(event, &mut emit), Ok(false)) {
                        break;
                    }
                }
                let _ = assembler.finish();
            }
        });
    }
}

const MCP_LINES: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
    r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"find_symbol","arguments":{"query":"total"}}}"#,
    r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"impact_of","arguments":{"symbol":"shop.models.Order","depth":3}}}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#,
    r#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#,
];

/// MCP lines: the checker in front of rmcp decides on every mutation without panicking,
/// and a real server fed all of them still answers afterwards.
#[test]
fn mutated_mcp_lines_are_each_decided_and_the_server_survives_them() {
    use std::io::{BufRead, BufReader, Write};
    let seeds: Vec<Vec<u8>> = MCP_LINES.iter().map(|l| l.as_bytes().to_vec()).collect();
    let inputs = inputs("mcp", &seeds, 1_500, 0x3C9);
    survive("mcp", &inputs, |input| {
        let _ = repotoire::mcp::check_line(input);
    });
    let dir = crate::support::Dir::with_fixture(crate::support::SHOP);
    let mut server = crate::support::serve_stdio(dir.path());
    let mut stdin = server.stdin.take().unwrap();
    let stdout = server.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .find(|line| line.contains(r#""id":"last""#))
    });
    stdin.write_all(MCP_LINES[0].as_bytes()).unwrap();
    stdin.write_all(b"\n").unwrap();
    for input in inputs.iter().take(300) {
        // One line each: a line break inside the mutation would make several.
        let line: Vec<u8> = input
            .iter()
            .map(|&b| if b == b'\n' { b' ' } else { b })
            .collect();
        stdin.write_all(&line).unwrap();
        stdin.write_all(b"\n").unwrap();
    }
    stdin
        .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"tools/list\"}\n")
        .unwrap();
    drop(stdin);
    let last = reader.join().unwrap();
    assert!(
        last.is_some_and(|l| l.contains("find_symbol")),
        "the server stopped answering"
    );
    assert!(server.wait().unwrap().success());
}

/// `repotoire.toml` and rule files: parsed (and a rule compiled) or refused with an
/// error, never a panic.
#[test]
fn mutated_config_and_rule_files_are_errors_not_crashes() {
    let config = br#"[detectors]
disable = ["magic-number"]
enable = ["boolean-flag-parameter"]

[severity]
sql-injection = "critical"

[thresholds]
cyclomatic-complexity = 20

[layers]
order = ["ui", "domain"]
ui = ["app/ui/**"]
domain = ["app/domain/**"]
"#;
    let inputs_config = inputs("config", &[config.to_vec()], 1_000, 0xC0F);
    let (mut accepted, mut refused) = (0, 0);
    survive("config", &inputs_config, |input| {
        let text = String::from_utf8_lossy(input);
        match repotoire::detect::config::Config::parse(&text, Path::new("repotoire.toml"))
            .and_then(|config| config.validate(&|_| true))
        {
            Ok(()) => accepted += 1,
            Err(_) => refused += 1,
        }
    });
    // Both outcomes were exercised, so the errors were reached, not only the happy path.
    assert!(
        accepted > 0 && refused > 0,
        "{accepted} accepted, {refused} refused"
    );
    let mut files = Vec::new();
    files_under(&root().join("detectors"), &mut files);
    let seeds: Vec<Vec<u8>> = files
        .iter()
        .filter(|p| p.ends_with("rule.toml"))
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    let inputs_rules = inputs("rules", &seeds, 300, 0x2B1);
    let (mut compiled, mut refused) = (0, 0);
    survive("rules", &inputs_rules, |input| {
        let text = String::from_utf8_lossy(input);
        let outcome = repotoire::detect::rule::Rule::parse(&text, "fuzz.toml")
            .map_err(|e| e.to_string())
            .and_then(|rule| repotoire::detect::local::Pass::new(&[rule]))
            .and_then(|pass| pass.compile_all());
        match outcome {
            Ok(()) => compiled += 1,
            Err(_) => refused += 1,
        }
    });
    assert!(
        compiled > 0 && refused > 0,
        "{compiled} compiled, {refused} refused"
    );
}
