//! Test harness: a temporary directory of files (`Dir`) and the real binary (`cmd`).

#![allow(dead_code)]

pub mod replay;
pub mod tmux;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use repotoire::engine::{Engine, Options, Report};
use repotoire::graph::{EdgeKind, Snapshot};

pub struct Dir {
    temp: tempfile::TempDir,
}

impl Dir {
    pub fn new() -> Dir {
        Dir {
            temp: tempfile::Builder::new()
                .prefix("repotoire-test")
                .tempdir()
                .expect("tempdir"),
        }
    }

    /// A tree from a fixture: `//- path` lines start a file.
    pub fn with_fixture(fixture: &str) -> Dir {
        let dir = Dir::new();
        dir.write_fixture(fixture);
        dir
    }

    pub fn write_fixture(&self, fixture: &str) {
        let mut path: Option<String> = None;
        let mut body = String::new();
        for line in fixture.lines() {
            if let Some(next) = line.trim_start().strip_prefix("//- ") {
                if let Some(p) = path.take() {
                    self.write(&p, &body);
                }
                path = Some(next.trim().to_string());
                body.clear();
            } else if path.is_some() {
                body.push_str(line);
                body.push('\n');
            }
        }
        if let Some(p) = path {
            self.write(&p, &body);
        }
    }

    pub fn path(&self) -> &Path {
        self.temp.path()
    }

    pub fn join(&self, rel: &str) -> PathBuf {
        self.temp.path().join(rel)
    }

    pub fn write(&self, rel: &str, contents: impl AsRef<[u8]>) {
        let path = self.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent");
        }
        std::fs::write(path, contents).expect("write file");
    }

    pub fn append(&self, rel: &str, text: &str) {
        let mut current = std::fs::read(self.join(rel)).expect("read file");
        current.extend_from_slice(text.as_bytes());
        self.write(rel, current);
    }

    pub fn engine(&self, use_cache: bool) -> Engine {
        Engine::new(
            self.path(),
            Options {
                use_cache,
                ..Options::default()
            },
        )
        .expect("engine")
    }

    /// Builds the graph without the cache.
    pub fn build(&self) -> (std::sync::Arc<Snapshot>, Report) {
        let engine = self.engine(false);
        let report = engine.refresh();
        (engine.snapshot(), report)
    }
}

/// Calls, imports and inherits edges as sorted text: `a.f -calls(0.9)-> b.C.m`.
pub fn dump_edges(snap: &Snapshot) -> String {
    let mut lines: Vec<String> = snap
        .graph
        .edge_indices()
        .filter_map(|e| {
            let (s, t) = snap.graph.edge_endpoints(e)?;
            let edge = &snap.graph[e];
            (edge.kind != EdgeKind::Contains).then(|| {
                format!(
                    "{} -{}({:.1})-> {}",
                    snap.graph[s].qualified_name,
                    edge.kind.as_str(),
                    edge.confidence,
                    snap.graph[t].qualified_name
                )
            })
        })
        .collect();
    lines.sort();
    lines.join("\n")
}

/// Calls edges as `caller@line -(confidence)-> callee@line`, sorted: for definitions that
/// share a qualified name (a type's methods from two impl blocks).
pub fn calls_by_line(snap: &Snapshot) -> Vec<String> {
    let mut calls: Vec<String> = snap
        .graph
        .edge_indices()
        .filter_map(|e| {
            let (s, t) = snap.graph.edge_endpoints(e)?;
            let edge = &snap.graph[e];
            (edge.kind == EdgeKind::Calls).then(|| {
                let (s, t) = (&snap.graph[s], &snap.graph[t]);
                format!(
                    "{}@{} -({:.1})-> {}@{}",
                    s.name, s.line, edge.confidence, t.name, t.line
                )
            })
        })
        .collect();
    calls.sort();
    calls
}

/// Every node as `kind qualified_name @file:line-end_line`, sorted.
pub fn dump_nodes(snap: &Snapshot) -> String {
    let mut lines: Vec<String> = snap
        .graph
        .node_weights()
        .map(|n| {
            format!(
                "{} {} @{}:{}-{}",
                n.kind.as_str(),
                n.qualified_name,
                snap.file_path(n),
                n.line,
                n.end_line
            )
        })
        .collect();
    lines.sort();
    lines.join("\n")
}

/// Unresolved calls as `caller: receiver.name @line`, sorted.
pub fn dump_unresolved(snap: &Snapshot) -> String {
    let mut lines: Vec<String> = snap
        .unresolved_calls()
        .iter()
        .map(|c| {
            let caller = &snap.graph[petgraph::stable_graph::NodeIndex::new(c.caller as usize)]
                .qualified_name;
            match &c.receiver {
                Some(r) => format!("{caller}: {r}.{} @{}", c.name, c.line),
                None => format!("{caller}: {} @{}", c.name, c.line),
            }
        })
        .collect();
    lines.sort();
    lines.join("\n")
}

/// Every call the graph names outside the project as `caller -kind(confidence)-> callee`,
/// one line per caller and callee, sorted.
pub fn dump_outside(snap: &Snapshot) -> String {
    let mut lines: Vec<String> = snap
        .unresolved_calls()
        .iter()
        .filter_map(|c| {
            let outside = c.outside.as_ref()?;
            let caller = &snap.graph[petgraph::stable_graph::NodeIndex::new(c.caller as usize)]
                .qualified_name;
            Some(format!(
                "{caller} -{}({:.1})-> {}",
                outside.kind.as_str(),
                outside.confidence,
                outside.qualified_name
            ))
        })
        .collect();
    lines.sort();
    lines.dedup();
    lines.join("\n")
}

/// The rust-analyzer shape: build the fixture, compare the edge dump as a whole.
#[track_caller]
pub fn check(fixture: &str, expected: &str) {
    let dir = Dir::with_fixture(fixture);
    let (snap, _) = dir.build();
    pretty_assertions::assert_eq!(dump_edges(&snap), expected.trim());
}

/// Like `check`, for `calls` edges only.
pub fn check_calls(fixture: &str, expected: &str) {
    let dir = Dir::with_fixture(fixture);
    let (snap, _) = dir.build();
    let calls: Vec<&str> = dump_edges_owned(&snap)
        .lines()
        .filter(|l| l.contains(" -calls("))
        .map(|l| Box::leak(l.to_string().into_boxed_str()) as &str)
        .collect();
    let expected: Vec<&str> = expected.trim().lines().map(str::trim).collect();
    pretty_assertions::assert_eq!(calls.join("\n"), expected.join("\n"));
}

fn dump_edges_owned(snap: &Snapshot) -> String {
    dump_edges(snap)
}

/// A registry tool's answer (text, JSON); panics when it fails.
pub fn call(
    ws: &repotoire::tools::Workspace,
    tool: &str,
    args: serde_json::Value,
) -> (String, serde_json::Value) {
    let reply =
        repotoire::tools::registry::call(ws, tool, args, &repotoire::tools::Control::none())
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
    (reply.text, reply.json)
}

/// A registry tool's error message; panics when it answers.
pub fn call_error(ws: &repotoire::tools::Workspace, tool: &str, args: serde_json::Value) -> String {
    match repotoire::tools::registry::call(ws, tool, args, &repotoire::tools::Control::none()) {
        Ok(reply) => panic!("{tool} answered instead of failing: {}", reply.text),
        Err(err) => err.to_string(),
    }
}

/// Whether any live (non-zombie) process is in this process group.
pub fn group_alive(group: i32) -> bool {
    !group_members(group).is_empty()
}

/// The live (not zombie) processes of a process group, read from /proc.
fn group_members(group: i32) -> Vec<i32> {
    let entries = std::fs::read_dir("/proc").expect("/proc").flatten();
    entries
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<i32>().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // Fields after the command name: state, ppid, pgrp.
            let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
            let member =
                fields.get(2)?.parse::<i32>().ok()? == group && fields.first() != Some(&"Z");
            member.then_some(pid)
        })
        .collect()
}

/// Waits until every process of the group has exited, at most `limit`; the
/// error lists the survivors' /proc stat lines. A SIGKILLed process lingers
/// for a moment after its pipes close, so a check right after the kill races
/// its exit: this waits on each member's pidfd instead.
pub fn group_ends_within(group: i32, limit: Duration) -> Result<(), String> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let deadline = std::time::Instant::now() + limit;
    loop {
        let members = group_members(group);
        let Some(&first) = members.first() else {
            return Ok(());
        };
        let survivors = || {
            members
                .iter()
                .map(|pid| std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default())
                .collect::<Vec<_>>()
                .join("")
        };
        let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) else {
            return Err(survivors());
        };
        let Some(pid) = rustix::process::Pid::from_raw(first) else {
            return Err(survivors());
        };
        // Gone between the listing and the open: look again.
        let Ok(fd) = rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()) else {
            continue;
        };
        let timeout = Timespec {
            tv_sec: left.as_secs() as i64,
            tv_nsec: left.subsec_nanos() as _,
        };
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        if poll(&mut fds, Some(&timeout)).unwrap_or(0) == 0 {
            return Err(survivors());
        }
    }
}

/// `repotoire serve` over stdio in `dir`, its stdin and stdout piped, stderr dropped.
pub fn serve_stdio(dir: &Path) -> std::process::Child {
    cmd(dir)
        .arg("serve")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run repotoire serve")
}

pub fn cmd(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_repotoire"));
    command
        .current_dir(dir)
        .env_remove("REPOTOIRE_LOG")
        .env("NO_COLOR", "1");
    command
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A small Python shop for the tool tests: inheritance, an import cycle
/// (checkout ↔ payments), mutual recursion (ping ↔ pong), a test, and a command injection.
pub const SHOP: &str = r#"
//- shop/__init__.py
from .models import Order
//- shop/models.py
"""Orders and the records they are saved as."""


class Base:
    def save(self):
        """Persist the record in the store."""
        return store(self)


class Order(Base):
    """A customer's order of line items."""

    def total(self):
        # sum the line prices including sales tax
        return sum(line.price for line in self.lines)


def store(record):
    return record
//- shop/checkout.py
from shop.models import Order
from shop import payments


def checkout(order: Order):
    amount = order.total()
    payments.charge(amount)
    order.save()
    return amount
//- shop/payments.py
from shop import checkout


def charge(amount):
    """Charge the card through the payment gateway."""
    if amount > 0:
        return gateway(amount)
    return None


def gateway(amount):
    return checkout.checkout


def refund(amount):
    return charge(-amount)


def ping(n):
    return pong(n - 1)


def pong(n):
    return ping(n)
//- shop/api.py
import subprocess
from shop.checkout import checkout


def handle(request):
    subprocess.call(request.args["cmd"], shell=True)
    return checkout(request.order)
//- tests/test_checkout.py
from shop.checkout import checkout


def test_checkout():
    assert checkout(None)
"#;
