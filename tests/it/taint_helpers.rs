//! Request data handed between helpers of different files: a value one helper builds and
//! returns, passed to another whose parameter reaches a sink; and a helper that runs a
//! whole statement, fed one built from request data.

use crate::analyze::json_findings;
use crate::support::Dir;

/// (file, line) of each finding of `detector` that is not an audit one.
fn found(dir: &Dir, detector: &str) -> Vec<(String, u64)> {
    json_findings(dir, &[])
        .iter()
        .filter(|f| f["detector"] == detector)
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

const SHELL: &str = r#"
//- runner.py
import subprocess

def shell(cmd):
    return subprocess.run(cmd, shell=True)
//- views.py
from flask import request
from runner import shell
from commands import command_for

def ping():
    cmd = command_for(request.args["host"])
    return shell(cmd)
"#;

#[test]
fn a_command_one_helper_builds_from_request_data_reaches_another_helpers_shell() {
    let dir = Dir::with_fixture(&format!(
        "{SHELL}//- commands.py\ndef command_for(host):\n    return \"ping -c 1 \" + host\n"
    ));
    let hits = found(&dir, "command-injection");
    assert!(hits.contains(&("views.py".into(), 7)), "{hits:?}");
}

#[test]
fn a_helper_that_quotes_what_it_builds_passes_nothing_on() {
    let dir = Dir::with_fixture(&format!(
        "{SHELL}//- commands.py\nimport shlex\n\ndef command_for(host):\n    return \"ping -c 1 \" + shlex.quote(host)\n"
    ));
    let hits = found(&dir, "command-injection");
    assert!(!hits.iter().any(|h| h.0 == "views.py"), "{hits:?}");
}

const EXPRESS: &str = r#"
//- server.js
const { run } = require("./run");
const { commandFor } = require("./commands");
const app = require("express")();
app.get("/list", (req, res) => {
  const cmd = commandFor(req.query.dir);
  run(cmd);
});
//- run.js
const { exec } = require("child_process");
function run(cmd) {
  return exec(cmd);
}
module.exports = { run };
"#;

#[test]
fn javascript_command_built_by_one_module_and_run_by_another() {
    let dir = Dir::with_fixture(&format!(
        "{EXPRESS}//- commands.js\nfunction commandFor(dir) {{\n  return \"ls \" + dir;\n}}\nmodule.exports = {{ commandFor }};\n"
    ));
    let hits = found(&dir, "command-injection");
    assert!(hits.contains(&("server.js".into(), 6)), "{hits:?}");
}

#[test]
fn javascript_fixed_command_built_by_one_module_is_no_injection() {
    let dir = Dir::with_fixture(&format!(
        "{EXPRESS}//- commands.js\nfunction commandFor(dir) {{\n  return \"ls /srv\";\n}}\nmodule.exports = {{ commandFor }};\n"
    ));
    let hits = found(&dir, "command-injection");
    assert!(!hits.iter().any(|h| h.0 == "server.js"), "{hits:?}");
}

const STATEMENTS: &str = r#"
//- db.py
import sqlite3

def run_sql(sql, params=()):
    return sqlite3.connect("app.db").execute(sql, params)
"#;

#[test]
fn a_statement_built_from_request_data_for_a_helper_that_runs_it_is_an_injection() {
    let dir = Dir::with_fixture(&format!(
        "{STATEMENTS}//- views.py\nfrom flask import request\nfrom db import run_sql\n\ndef remove():\n    return run_sql(\"DELETE FROM t WHERE id = \" + request.args[\"id\"])\n"
    ));
    let hits = found(&dir, "sql-injection");
    assert!(hits.contains(&("views.py".into(), 5)), "{hits:?}");
}

#[test]
fn request_data_given_apart_from_the_statement_is_no_injection() {
    let dir = Dir::with_fixture(&format!(
        "{STATEMENTS}//- views.py\nfrom flask import request\nfrom db import run_sql\n\ndef remove():\n    return run_sql(\"DELETE FROM t WHERE id = ?\", (request.args[\"id\"],))\n"
    ));
    assert_eq!(found(&dir, "sql-injection"), Vec::new());
}

const AXUM: &str = r#"
//- Cargo.toml
[package]
name = "svc"
version = "0.1.0"
edition = "2021"
//- src/main.rs
mod db;
mod queries;
use axum::extract::Query;
use std::collections::HashMap;

async fn find(Query(q): Query<HashMap<String, String>>) {
    let name = q.get("name").cloned().unwrap_or_default();
    let sql = queries::query_for(&name);
    db::run(&sql);
}
//- src/db.rs
pub fn run(sql: &str) {
    let conn = rusqlite::Connection::open("app.db").unwrap();
    conn.execute(sql, []).unwrap();
}
"#;

#[test]
fn rust_statement_built_in_one_module_and_run_in_another() {
    let dir = Dir::with_fixture(&format!(
        "{AXUM}//- src/queries.rs\npub fn query_for(name: &str) -> String {{\n    format!(\"SELECT * FROM users WHERE name = '{{}}'\", name)\n}}\n"
    ));
    let hits = found(&dir, "sql-injection");
    assert!(hits.contains(&("src/main.rs".into(), 9)), "{hits:?}");
}

#[test]
fn rust_fixed_statement_from_another_module_is_no_injection() {
    let dir = Dir::with_fixture(&format!(
        "{AXUM}//- src/queries.rs\npub fn query_for(_name: &str) -> String {{\n    \"SELECT * FROM users\".to_string()\n}}\n"
    ));
    let hits = found(&dir, "sql-injection");
    assert!(!hits.iter().any(|h| h.0 == "src/main.rs"), "{hits:?}");
}

const PACKAGE: &str = r#"
//- pkg/__init__.py
//- pkg/views.py
from flask import request
from .tasks import run

def build():
    return run(request.args, shell=True)
"#;

/// A function of the project's own named like a library's sink (`run`, `subprocess.run`)
/// is followed into, never taken for the sink.
#[test]
fn a_project_function_named_like_a_sink_is_followed_not_matched() {
    let dir = Dir::with_fixture(&format!(
        "{PACKAGE}//- pkg/tasks.py\nimport os\n\ndef run(opts, shell=False):\n    os.system(\"make \" + opts[\"target\"])\n"
    ));
    let hits = found(&dir, "command-injection");
    assert!(
        hits.iter().any(|h| h.0 == "pkg/views.py" && h.1 == 5),
        "{hits:?}"
    );
}

#[test]
fn a_project_function_named_like_a_sink_that_runs_nothing_is_no_finding() {
    let dir = Dir::with_fixture(&format!(
        "{PACKAGE}//- pkg/tasks.py\ndef run(opts, shell=False):\n    return dict(opts)\n"
    ));
    assert_eq!(found(&dir, "command-injection"), Vec::new());
}

/// The same through an absolute import of the project's module, without `shell=True`.
#[test]
fn a_project_function_named_run_imported_by_module_name_is_followed() {
    let dir = Dir::with_fixture(
        r#"
//- views.py
from flask import request
from tasks import run

def build():
    run(request.args)
//- tasks.py
import os

def run(opts):
    os.system("make " + opts["target"])
"#,
    );
    let hits = found(&dir, "command-injection");
    assert!(hits.contains(&("views.py".to_string(), 5)), "{hits:?}");
}
