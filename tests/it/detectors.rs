//! Every detector against its fixtures (`detectors/<category>/<id>/positive.*` and
//! `negative.*`, or `positive/` and `negative/` folders): each `expect: <id>` line must be
//! reported (else **missing**), nothing else may be (else **noisy**), and every language a
//! rule claims must have both kinds of fixture. Taint rules run twice: as CI runs them, and
//! with `--audit`, where the `audit: <id>` lines must be reported as well.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use repotoire::detect::analyze::{Catalog, analyze};
use repotoire::detect::config::Config;
use repotoire::detect::rule::{Engine as RuleEngine, LANGUAGE_NAMES, Rule};
use repotoire::engine::{Engine, Options};

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// (file, line) pairs the fixture expects and the ones the rule reported.
type Lines = BTreeSet<(String, u32)>;

fn run_fixture(catalog: &Catalog, rule: &Rule, fixture: &Path, audit: bool) -> (Lines, Lines) {
    let temp = tempfile::tempdir().unwrap();
    if fixture.is_dir() {
        copy_dir(fixture, temp.path());
    } else {
        std::fs::copy(fixture, temp.path().join(fixture.file_name().unwrap())).unwrap();
    }
    let mut expected = BTreeSet::new();
    let mut all = Vec::new();
    files(temp.path(), &mut all);
    let marker = format!("expect: {}", rule.id);
    let audit_marker = format!("audit: {}", rule.id);
    for file in &all {
        let relative = file
            .strip_prefix(temp.path())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap();
        for (index, line) in text.lines().enumerate() {
            if line.contains(&marker) || (audit && line.contains(&audit_marker)) {
                expected.insert((relative.clone(), index as u32 + 1));
            }
        }
    }
    let mut config = Config::load(temp.path()).unwrap();
    config.detectors.enable.push(rule.id.clone());
    config.audit = audit;
    let pass = catalog.pass().unwrap();
    let engine = Engine::new(
        temp.path(),
        Options {
            use_cache: false,
            pass: Some(Arc::new(pass)),
            ..Options::default()
        },
    )
    .unwrap();
    let report = engine.refresh();
    let only: HashSet<String> = [rule.id.clone()].into();
    let analysis = analyze(
        &engine.snapshot(),
        &report.local,
        catalog,
        &config,
        Some(&only),
        &repotoire::detect::memory::Memory::default(),
    );
    let found = analysis
        .findings
        .iter()
        .map(|f| (f.file.clone(), f.line))
        .collect();
    (expected, found)
}

#[test]
fn every_detector_finds_its_positives_and_nothing_in_its_negatives() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = Catalog::builtin().unwrap();
    let mut problems = Vec::new();
    for rule in catalog.rules.iter() {
        let dir = root.join(Path::new(&rule.source).parent().unwrap());
        for language in &rule.languages {
            let ext = LANGUAGE_NAMES
                .iter()
                .find(|(name, _)| name == language)
                .unwrap()
                .1;
            for kind in ["positive", "negative"] {
                let file = dir.join(format!("{kind}.{ext}"));
                let folder = dir.join(kind);
                let in_folder = folder.is_dir() && {
                    let mut all = Vec::new();
                    files(&folder, &mut all);
                    all.iter().any(|f| f.extension().is_some_and(|e| e == ext))
                };
                if !file.is_file() && !in_folder {
                    problems.push(format!(
                        "{}: claims {language} but has no {kind} fixture",
                        rule.id
                    ));
                }
            }
        }
        let mut fixtures: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        fixtures.sort();
        for fixture in fixtures {
            let name = fixture.file_name().unwrap().to_string_lossy().into_owned();
            let positive = name.starts_with("positive");
            if !positive && !name.starts_with("negative") {
                continue;
            }
            // Taint rules and queries marked `audit` find more with `--audit`.
            let audits = rule.engine == RuleEngine::Taint || rule.query.values().any(|q| q.audit);
            // A rule whose every query is for a review finds nothing without `--audit`.
            let audit_only = !rule.query.is_empty() && rule.query.values().all(|q| q.audit);
            let modes: &[bool] = if audits { &[false, true] } else { &[false] };
            for &audit in modes {
                let (expected, found) = run_fixture(&catalog, rule, &fixture, audit);
                let mode = if audit { ", --audit" } else { "" };
                if positive && expected.is_empty() && (audit || !audit_only) {
                    problems.push(format!(
                        "{}: {name} has no `expect: {}` line",
                        rule.id, rule.id
                    ));
                }
                for missing in expected.difference(&found) {
                    problems.push(format!(
                        "{}: missing {}:{} ({name}{mode})",
                        rule.id, missing.0, missing.1
                    ));
                }
                for noisy in found.difference(&expected) {
                    problems.push(format!(
                        "{}: noisy {}:{} ({name}{mode})",
                        rule.id, noisy.0, noisy.1
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn rule_ids_are_unique_and_every_rule_has_docs() {
    let catalog = Catalog::builtin().unwrap();
    let ids: Vec<&str> = catalog.rules.iter().map(|r| r.id.as_str()).collect();
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(ids.len(), unique.len());
    for rule in catalog.rules.iter() {
        assert!(
            !rule.docs.what.trim().is_empty() && !rule.docs.instead.trim().is_empty(),
            "{}",
            rule.id
        );
    }
}

#[test]
fn every_rust_detector_has_a_rule_file_and_every_non_query_rule_has_code() {
    let catalog = Catalog::builtin().unwrap();
    let local: Vec<&str> = repotoire::detect::local::LOCAL_DETECTORS
        .iter()
        .map(|(id, _)| *id)
        .collect();
    for (id, _) in repotoire::detect::graph::GRAPH_DETECTORS {
        assert!(
            catalog.get(id).is_some(),
            "graph detector {id} has no rule.toml"
        );
    }
    for id in &local {
        assert!(
            catalog.get(id).is_some(),
            "local detector {id} has no rule.toml"
        );
    }
    for rule in catalog.rules.iter() {
        use repotoire::detect::rule::Engine;
        let coded = match rule.engine {
            Engine::Query => true,
            Engine::Local => local.contains(&rule.id.as_str()),
            Engine::Graph => repotoire::detect::graph::find(&rule.id).is_some(),
            Engine::Taint => !rule.sink.is_empty(),
        };
        assert!(coded, "{} has no implementation", rule.id);
    }
}
