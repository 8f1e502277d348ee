//! Whether one line of comment text reads as a statement (commented-out code) or as a
//! note that only looks like one (a tool directive, a link, an example).
//!
//! Each test is the exact reading of a regex the detector used to run (kept in the tests
//! below as the reference) for text without a line break, apart from ASCII-only case
//! folding (see `words`).

use crate::detect::local::words::{Words, boundary};

/// Markers of a note: tool directives, links, abbreviations of prose.
static NOTES: Words = Words::new(&[
    "todo",
    "fixme",
    "noqa",
    "type:",
    "pragma",
    "eslint",
    "@ts-",
    "safety",
    "http:",
    "https:",
    "repotoire:",
    "fmt:",
    "pylint",
    "-*-",
    "prettier",
    "istanbul",
    "c8 ",
    "jshint",
    "clippy",
    "rustfmt",
    "nosec",
    "mypy",
    "pyright",
    "e.g.",
    "i.e.",
    "example",
]);

pub fn is_note(body: &str) -> bool {
    NOTES.in_text(body)
}

/// `[0-9A-Za-z_]`, with `.` when `dots`: the longest run at the start of `text`.
fn name_run(text: &str, dots: bool) -> usize {
    text.bytes()
        .take_while(|&b| b.is_ascii_alphanumeric() || b == b'_' || (dots && b == b'.'))
        .count()
}

/// `name(...)` with the text after the parenthesis ending in `close`.
fn call_ending(text: &str, dots: bool, close: &str) -> bool {
    let run = name_run(text, dots);
    run > 0
        && text[run..]
            .strip_prefix('(')
            .is_some_and(|rest| rest.ends_with(close))
}

/// `keyword` then a word boundary.
fn keyword(text: &str, word: &str) -> bool {
    text.starts_with(word) && boundary(text, word.len())
}

/// A Python statement: an import, a `def`/`class` header, a control-flow header, a
/// `return`, a call or an assignment.
pub fn is_python_statement(body: &str) -> bool {
    let headed = |word: &str| body.strip_prefix(word);
    // `.+:` to the end: at least one character, then the colon.
    let clause = |rest: &str| rest.len() >= 2 && rest.ends_with(':');
    headed("import ").is_some_and(|rest| !rest.is_empty() && name_run(rest, true) == rest.len())
        || headed("from ").is_some_and(|rest| {
            let run = name_run(rest, true);
            run > 0
                && rest[run..]
                    .strip_prefix(" import ")
                    .is_some_and(|r| name_run(r, false) > 0)
        })
        || headed("def ").is_some_and(|rest| call_ending(rest, false, "):"))
        || headed("class ").is_some_and(|rest| {
            let run = name_run(rest, false);
            run > 0
                && (&rest[run..] == ":"
                    || rest[run..]
                        .strip_prefix('(')
                        .is_some_and(|r| r.ends_with("):")))
        })
        || keyword(body, "return")
        || headed("print(").is_some_and(|rest| rest.ends_with(')'))
        || ["if ", "elif ", "while "]
            .iter()
            .any(|w| headed(w).is_some_and(clause))
        || headed("for ").is_some_and(|rest| {
            let run = name_run(rest, false);
            run > 0 && rest[run..].strip_prefix(" in ").is_some_and(clause)
        })
        || body == "else:"
        || body == "try:"
        || (keyword(body, "except") && body.ends_with(':'))
        || python_assignment(body)
        || call_ending(body, true, ")")
}

/// `target = value`, `+=` or `-=`, where the target is a name, attribute, subscript or
/// string and the value starts like an expression.
fn python_assignment(body: &str) -> bool {
    let run = body
        .bytes()
        .take_while(|&b| b.is_ascii_alphanumeric() || b"_.[]'\"".contains(&b))
        .count();
    if run == 0 {
        return false;
    }
    let rest = body[run..].trim_start();
    let Some(rest) = ["=", "+=", "-="]
        .iter()
        .find_map(|op| rest.strip_prefix(op))
    else {
        return false;
    };
    rest.trim_start()
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b"_[](\"'{.-".contains(&b))
}

/// A statement of a C-family language (JavaScript, TypeScript, Rust): a line ending in
/// `;` or `{`, a closing brace, a declaration or control-flow keyword, or a call.
pub fn is_c_family_statement(body: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "const", "let", "var", "function", "return", "import", "export", "fn", "pub", "use",
        "if (", "for (", "while (",
    ];
    body.ends_with(';')
        || body.ends_with('{')
        || body.starts_with('}')
        || KEYWORDS.iter().any(|k| keyword(body, k))
        || call_ending(body, true, ")")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detect::local::words::oracle::Strings;

    // The regexes these tests replace, kept as the reference.
    const PY: &str = r"^(import [0-9A-Za-z_.]+$|from [0-9A-Za-z_.]+ import [0-9A-Za-z_]|def [0-9A-Za-z_]+\(.*\):$|class [0-9A-Za-z_]+(\(.*\))?:$|return\b.*|print\(.*\)$|(if|elif|while) .+:$|for [0-9A-Za-z_]+ in .+:$|else:$|try:$|except\b.*:$|[0-9A-Za-z_.\[\]'\x22]+\s*(=|\+=|-=)\s*[0-9A-Za-z_\[\](\x22'{.-].*$|[0-9A-Za-z_.]+\(.*\)$)";
    const C: &str = r"(;$|\{$|^\}|^(const|let|var|function|return|import|export|fn|pub|use|if \(|for \(|while \()\b.*|^[0-9A-Za-z_.]+\(.*\);?$|^[0-9A-Za-z_.]+\s*=\s*[^=].*;$)";
    const NOTE: &str = r"(?i)(todo|fixme|noqa|type:|pragma|eslint|@ts-|safety|https?:|repotoire:|fmt:|pylint|-\*-|prettier|istanbul|c8 |jshint|clippy|rustfmt|nosec|mypy|pyright|e\.g\.|i\.e\.|example)";

    const PIECES: &[&str] = &[
        "import ", "from ", " import ", "def ", "class ", "return", "print", "if ", "elif ",
        "while ", "for ", " in ", "else", "try", "except", "const", "let", "var", "function",
        "export", "fn", "pub", "use", "if (", "for (", "while (", "x", "foo", "a.b", "_", "9", "é",
        "(", ")", "):", ":", ";", "{", "}", "[", "]", "=", "==", "+=", "-=", "+", "-", " ", "  ",
        "\t", "\u{a0}", "'", "\"", ".", ",", "*", "todo", "e.g.", "http:", "https:", "-*-", "c8 ",
        "@ts-", "noqa", "example", "#",
    ];

    const HEADS: &[&str] = &[
        "import ", "from ", "def ", "class ", "return", "print(", "if ", "elif ", "while ", "for ",
        "else", "try", "except", "const ", "let ", "fn ", "use ", "if (", "}", "x", "a.b", "a[0]",
        "'k'", "foo(", "", " ",
    ];
    const TAILS: &[&str] = &[
        ":",
        "):",
        ")",
        ");",
        ";",
        "{",
        "",
        " in x:",
        " import y",
        " = 1",
        " += x",
        "= =",
        " == 2",
    ];

    fn differ(reference: &str, test: fn(&str) -> bool, samples: &[&str]) {
        let regex = regex::Regex::new(reference).unwrap();
        let mut strings = Strings::new(0x5eed);
        let generated: Vec<String> = (0..60_000)
            .map(|i| {
                if i % 2 == 0 {
                    strings.join(PIECES, 8)
                } else {
                    strings.shaped(HEADS, PIECES, TAILS, 4)
                }
            })
            .collect();
        for text in samples
            .iter()
            .copied()
            .chain(generated.iter().map(String::as_str))
        {
            assert_eq!(
                test(text),
                regex.is_match(text),
                "{text:?} against {reference}"
            );
        }
        // Both answers come up often enough for the comparison to mean something.
        let matched = generated.iter().filter(|t| test(t)).count();
        assert!(
            (3_000..57_000).contains(&matched),
            "{matched} of 60,000 matched {reference}"
        );
    }

    #[test]
    fn python_statements_read_as_the_regex_did() {
        let samples = [
            "import os",
            "import os.path",
            "import",
            "import ",
            "from a.b import c",
            "from . import x",
            "from a import",
            "def f():",
            "def f(x, y):",
            "def f(:",
            "def (x):",
            "class A:",
            "class A(B):",
            "class A():",
            "class A(B)",
            "class :",
            "return",
            "return x",
            "returns",
            "return_value = 1",
            "print()",
            "print(x)",
            "print(",
            "if x:",
            "if :",
            "elif a == b:",
            "while True:",
            "for i in range(3):",
            "for i in :",
            "for  i in x:",
            "else:",
            "else",
            "try:",
            "except:",
            "except ValueError as e:",
            "exception:",
            "x = 1",
            "x += 1",
            "x -= 1",
            "x == 1",
            "x =",
            "a.b[0] = {}",
            "'k' = 'v'",
            "x = -1",
            "x = é",
            "foo(bar)",
            "foo.bar(baz)",
            "foo(",
            "this is prose.",
            "",
            "é",
            "return\u{300}x",
        ];
        differ(PY, is_python_statement, &samples);
    }

    #[test]
    fn c_family_statements_read_as_the_regex_did() {
        let samples = [
            "let x = 1;",
            "x = 1;",
            "x == 1;",
            "}",
            "} else {",
            "if (x) {",
            "if (x",
            "if ((x",
            "if (",
            "const",
            "constant",
            "function f()",
            "functional",
            "fn main()",
            "pub",
            "public",
            "use std::fmt",
            "user",
            "foo()",
            "foo();",
            "foo(",
            "a.b(c)",
            "prose here",
            "",
            "export default",
            "import x from 'y'",
            "for (;;)",
            "while (é",
        ];
        differ(C, is_c_family_statement, &samples);
    }

    #[test]
    fn notes_read_as_the_regex_did() {
        let samples = [
            "TODO: x",
            "see https://x",
            "http://x",
            "e.g. this",
            "eg",
            "-*- coding -*-",
            "c8 ignore",
            "c8",
            "EXAMPLE",
            "plain",
        ];
        differ(NOTE, is_note, &samples);
    }
}
