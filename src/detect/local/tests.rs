//! The local pass as a whole: what a cold run compiles, what its cache key follows, and
//! which detectors run on test files.

use crate::lang::LangId;
use crate::parse::LocalPass;

/// A cold run's preparation compiles the rules of the languages present, and only
/// theirs: the rest are left to a first file that may never come.
#[test]
fn preparing_compiles_the_rules_of_the_languages_present() {
    let catalog = crate::detect::analyze::Catalog::builtin().expect("catalog");
    let pass = catalog.pass().expect("pass");
    let compiled = |language: LangId| pass.matchers[language as usize].get().is_some();
    assert!(!compiled(LangId::Python), "compiled before preparation");
    crate::parse::prepare(
        &[LangId::Python, LangId::TypeScript].into(),
        Some(&pass as &dyn LocalPass),
    );
    assert!(compiled(LangId::Python) && compiled(LangId::TypeScript));
    assert!(
        !compiled(LangId::Rust) && !compiled(LangId::JavaScript),
        "a language not present was compiled"
    );
}

/// The key cached results are filed under changes with the rules, and only with them.
#[test]
fn the_key_follows_the_rules() {
    let catalog = crate::detect::analyze::Catalog::builtin().expect("catalog");
    let key = |rules: &[crate::detect::rule::Rule]| super::Pass::new(rules).expect("pass").key();
    let rules = catalog.rules.clone();
    assert_eq!(key(&rules), key(&rules));
    let mut fewer = rules.clone();
    fewer.pop();
    assert_ne!(key(&rules), key(&fewer), "a rule dropped, the key stayed");
    let last = rules.len() - 1;
    let mut edited = rules.clone();
    edited[last].severity = if edited[last].severity == crate::detect::finding::Severity::Low {
        crate::detect::finding::Severity::High
    } else {
        crate::detect::finding::Severity::Low
    };
    assert_ne!(key(&rules), key(&edited), "a rule changed, the key stayed");
}

/// A detector that reports nothing in test code is not run there, declarative
/// (`weak-hash`) or Rust-coded (`hardcoded-secret`); one that reports there still runs.
#[test]
fn detectors_that_skip_tests_do_not_run_in_test_files() {
    let catalog = crate::detect::analyze::Catalog::builtin().expect("catalog");
    let pass = catalog.pass().expect("pass");
    let source = "import hashlib\nAPI_TOKEN = \"q8Zr2LmX9vKp4TnW7yBc\"\n\ndef sign(token):\n    # TODO: sha256\n    return hashlib.md5(token.encode()).hexdigest()\n";
    let rules_at = |path: &str| {
        let (_, bytes) = crate::parse::parse_bytes_with(
            path,
            LangId::Python,
            source.as_bytes(),
            [0; 32],
            Some(&pass as &dyn LocalPass),
            None,
        );
        let results = super::LocalResults::decode(&bytes.expect("local results")).expect("decodes");
        let mut rules: Vec<String> = results.hits.into_iter().map(|h| h.rule).collect();
        rules.sort();
        rules.dedup();
        rules
    };
    assert_eq!(
        rules_at("src/sign.py"),
        ["hardcoded-secret", "todo-comment", "weak-hash"]
    );
    assert_eq!(rules_at("tests/test_sign.py"), ["todo-comment"]);
}
