//! A sink fed by what a function of another file returns: the call is followed along the
//! graph into that function, which decides by what it gives back (its parameter, a source
//! of its own, or something else).

use crate::analyze::json_findings;
use crate::support::Dir;

/// (file, line, severity, audit) of each finding of `detector`.
fn found(dir: &Dir, detector: &str, args: &[&str]) -> Vec<(String, u64, String, bool)> {
    json_findings(dir, args)
        .iter()
        .filter(|f| f["detector"] == detector)
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["severity"].as_str().unwrap_or("").to_string(),
                f["message"].as_str().unwrap_or("").contains("review it"),
            )
        })
        .collect()
}

const FLASK_VIEW: &str = r#"
//- views.py
import sqlite3
from flask import Flask, request
from queries import query_for

app = Flask(__name__)

@app.route("/user")
def user():
    cur = sqlite3.connect("app.db").cursor()
    cur.execute(query_for(request.args["name"]))
    return "ok"
"#;

#[test]
fn python_helper_returning_its_argument_built_into_sql_is_an_injection() {
    let dir = Dir::with_fixture(&format!(
        "{FLASK_VIEW}//- queries.py\ndef query_for(name):\n    return \"SELECT * FROM users WHERE name = '\" + name + \"'\"\n"
    ));
    let hits = found(&dir, "sql-injection", &["--audit"]);
    assert_eq!(hits.len(), 1, "{hits:?}");
    let (file, line, severity, audit) = &hits[0];
    assert_eq!((file.as_str(), *line), ("views.py", 10), "{hits:?}");
    assert!(!audit && severity != "low", "{hits:?}");
}

#[test]
fn python_helper_that_parameterises_its_query_is_no_injection() {
    let dir = Dir::with_fixture(&format!(
        "{FLASK_VIEW}//- queries.py\ndef query_for(name):\n    return \"SELECT * FROM users WHERE name = ?\"\n"
    ));
    let hits = found(&dir, "sql-injection", &[]);
    assert_eq!(hits, Vec::new());
    // Nor in a review: at most an audit finding, never the flow the helper does not carry.
    let audited = found(&dir, "sql-injection", &["--audit"]);
    assert!(audited.iter().all(|h| h.3), "{audited:?}");
}

const RUNNER: &str = r#"
//- run.py
import os
from inputs import command

def main():
    os.system(command())
"#;

#[test]
fn python_helper_returning_request_data_feeds_a_command() {
    let dir = Dir::with_fixture(&format!(
        "{RUNNER}//- inputs.py\nfrom flask import request\n\ndef command():\n    return request.args[\"cmd\"]\n"
    ));
    let hits = found(&dir, "command-injection", &[]);
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!((hits[0].0.as_str(), hits[0].1), ("run.py", 5), "{hits:?}");
}

#[test]
fn python_helper_returning_a_constant_feeds_no_command() {
    let dir = Dir::with_fixture(&format!(
        "{RUNNER}//- inputs.py\ndef command():\n    return \"ls -l\"\n"
    ));
    assert_eq!(found(&dir, "command-injection", &[]), Vec::new());
}

/// A caller's parameter that reaches the sink through the helper is followed to the code
/// that passes it request data.
#[test]
fn a_parameter_through_another_files_helper_is_followed_to_its_callers() {
    let dir = Dir::with_fixture(
        r#"
//- queries.py
def query_for(name):
    return "SELECT * FROM users WHERE name = '%s'" % name
//- store.py
from queries import query_for

def lookup(cur, name):
    cur.execute(query_for(name))
//- views.py
from flask import request
from store import lookup

def user(cur):
    lookup(cur, request.args["name"])
"#,
    );
    let hits = found(&dir, "sql-injection", &[]);
    assert!(
        hits.iter().any(|h| h.0 == "views.py" && h.1 == 5),
        "{hits:?}"
    );
}

const EXPRESS: &str = r#"
//- server.js
const express = require("express");
const { exec } = require("child_process");
const { commandFor } = require("./commands");
const app = express();
app.get("/list", (req, res) => {
  exec(commandFor(req.query.dir));
});
"#;

#[test]
fn javascript_helper_returning_its_argument_in_a_command_is_an_injection() {
    let dir = Dir::with_fixture(&format!(
        "{EXPRESS}//- commands.js\nfunction commandFor(dir) {{\n  return \"ls \" + dir;\n}}\nmodule.exports = {{ commandFor }};\n"
    ));
    let hits = found(&dir, "command-injection", &[]);
    assert!(
        hits.iter().any(|h| h.0 == "server.js" && h.1 == 6 && !h.3),
        "{hits:?}"
    );
}

#[test]
fn javascript_helper_returning_a_fixed_command_is_no_injection() {
    let dir = Dir::with_fixture(&format!(
        "{EXPRESS}//- commands.js\nfunction commandFor(dir) {{\n  return \"ls /srv\";\n}}\nmodule.exports = {{ commandFor }};\n"
    ));
    assert_eq!(found(&dir, "command-injection", &[]), Vec::new());
}

/// A helper that builds its query from two parameters carries both: the tainted value may
/// be either, whichever comes first in the string, and given by position or by keyword.
#[test]
fn python_helper_building_sql_from_two_parameters_carries_the_second() {
    let dir = Dir::with_fixture(
        r#"
//- views.py
import sqlite3
from flask import Flask, request
from queries import query_for

app = Flask(__name__)

@app.route("/user")
def user():
    cur = sqlite3.connect("app.db").cursor()
    cur.execute(query_for("users", request.args["name"]))
    cur.execute(query_for("users", "bob"))
    cur.execute(local_query(table="users", name=request.args["name"]))
    cur.execute(local_query(table="users", name="bob"))
    cur.execute(query_for(table="users", name=request.args["name"]))
    cur.execute(query_for(table="users", name="bob"))
    return "ok"

def local_query(table, name):
    return "SELECT * FROM %s WHERE name = '%s'" % (table, name)
//- queries.py
def query_for(table, name):
    return f"SELECT * FROM {table} WHERE name = '{name}'"
"#,
    );
    let hits = found(&dir, "sql-injection", &[]);
    let lines: Vec<u64> = hits.iter().map(|h| h.1).collect();
    assert_eq!(lines, vec![10, 12, 14], "{hits:?}");
}
