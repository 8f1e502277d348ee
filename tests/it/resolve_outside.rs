//! Calls that leave the project: builtins and library functions named by the path they are
//! imported from, never a project definition that shadows them, and shown by `graph export`
//! as nodes of kind `builtin` or `external`.

use crate::support::{Dir, dump_edges, dump_outside};

fn calls(snap: &repotoire::graph::Snapshot) -> String {
    let edges = dump_edges(snap);
    let calls: Vec<&str> = edges.lines().filter(|l| l.contains(" -calls(")).collect();
    calls.join("\n")
}

#[test]
fn python_builtins_imports_and_values_name_what_they_call() {
    let dir = Dir::with_fixture(
        r#"
//- app.py
import os
import json as j
import xml.etree.ElementTree
from os.path import join
import requests

def helper(x):
    return x

def main(path):
    print(len(path))
    j.loads(path)
    os.path.join("a", "b")
    join("a")
    xml.etree.ElementTree.parse(path)
    fetch = requests.get
    fetch(path)
    sorted([path], key=helper)
    raise ValueError("x")
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(
        dump_outside(&snap),
        "app.main -builtin(1.0)-> builtins.ValueError
app.main -builtin(1.0)-> builtins.len
app.main -builtin(1.0)-> builtins.print
app.main -builtin(1.0)-> builtins.sorted
app.main -external(0.8)-> requests.get
app.main -external(1.0)-> json.loads
app.main -external(1.0)-> os.path.join
app.main -external(1.0)-> xml.etree.ElementTree.parse"
    );
    // The builtin given a project function still calls it.
    assert_eq!(calls(&snap), "app.main -calls(0.8)-> app.helper");
}

#[test]
fn python_library_instances_and_outside_bases_name_their_methods() {
    let dir = Dir::with_fixture(
        r#"
//- app.py
import requests
from ext import Base, CONSTANT, make

class Child(Base):
    def run(self):
        self.inherited()

class Own(Base):
    def __init__(self):
        pass

def main():
    s = requests.Session()
    s.get("u")
    Child().run()
    Own()
    m = make()
    m.anything()
    CONSTANT()
"#,
    );
    let (snap, _) = dir.build();
    // A `CamelCase` library name is a class: what calling it gives is known by it. A
    // function's result (`make()`) or a `CONSTANT`'s is not; nor, where a class of ours
    // defines `__init__`, is the outside base's.
    assert_eq!(
        dump_outside(&snap),
        "app.Child.run -external(0.8)-> ext.Base.inherited
app.main -external(0.8)-> ext.Base.__init__
app.main -external(0.8)-> requests.Session.get
app.main -external(1.0)-> ext.CONSTANT
app.main -external(1.0)-> ext.make
app.main -external(1.0)-> requests.Session"
    );
    assert_eq!(
        calls(&snap),
        "app.main -calls(0.9)-> app.Child.run
app.main -calls(1.0)-> app.Child
app.main -calls(1.0)-> app.Own.__init__"
    );
}

#[test]
fn python_names_the_project_binds_are_not_builtins() {
    let dir = Dir::with_fixture(
        r#"
//- app.py
from .missing import thing

def print(x):
    pass

def f(len, cb):
    len(1)
    cb()
    print(2)
    thing()
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(dump_outside(&snap), "");
    assert_eq!(calls(&snap), "app.f -calls(1.0)-> app.print");
}

#[test]
fn ecma_globals_and_package_imports_name_what_they_call() {
    let dir = Dir::with_fixture(
        r#"
//- src/run.ts
import * as fs from "fs";
import { join } from "node:path";
import express from "express";
import { util } from "./util";

export function run(p: string, fetch: (x: string) => void) {
  console.log(p);
  parseInt(p, 10);
  JSON.parse(p);
  fs.readFileSync(p);
  join(p, "x");
  express();
  fetch(p);
  util(p);
}
//- src/util.ts
export function util(p: string) { return p; }
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(
        dump_outside(&snap),
        "src/run.run -builtin(1.0)-> JSON.parse
src/run.run -builtin(1.0)-> console.log
src/run.run -builtin(1.0)-> parseInt
src/run.run -external(1.0)-> express
src/run.run -external(1.0)-> fs.readFileSync
src/run.run -external(1.0)-> path.join"
    );
    assert_eq!(calls(&snap), "src/run.run -calls(1.0)-> src/util.util");
}

#[test]
fn rust_std_prelude_and_crate_paths_name_what_they_call() {
    let dir = Dir::with_fixture(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
use std::collections::HashMap;
use std::io;
use serde::Deserialize;

mod util {
    pub fn f() {}
}

// A parameter never stands for the root of a path (`io::Error` is the module's).
pub fn run(callback: fn(), io: u8) {
    io::Error::last_os_error();
    let m: HashMap<u32, u32> = HashMap::new();
    let v: Vec<u8> = Vec::new();
    std::fs::read("x");
    u32::from_str_radix("1", 10);
    serde_json::to_string(&m);
    Deserialize::deserialize(v);
    drop(m);
    callback();
    util::f();
    crate::missing::g();
}
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(
        dump_outside(&snap),
        "app::run -builtin(1.0)-> std::collections::HashMap::new
app::run -builtin(1.0)-> std::fs::read
app::run -builtin(1.0)-> std::io::Error::last_os_error
app::run -builtin(1.0)-> std::mem::drop
app::run -builtin(1.0)-> std::vec::Vec::new
app::run -builtin(1.0)-> u32::from_str_radix
app::run -external(1.0)-> serde::Deserialize::deserialize
app::run -external(1.0)-> serde_json::to_string"
    );
}

#[test]
fn rust_project_types_shadow_the_prelude() {
    let dir = Dir::with_fixture(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub struct Vec;

impl Vec {
    pub fn new() -> Vec {
        Vec
    }
}

pub fn run(drop: fn()) {
    Vec::new();
    drop();
}
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(dump_outside(&snap), "");
    assert_eq!(calls(&snap), "app::run -calls(1.0)-> app::Vec::new");
}
