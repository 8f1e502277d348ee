//! axum handlers whose data crosses helpers, annotated for `benches/security/check.py`.
use axum::extract::{Form, Query};
use serde::Deserialize;
use sqlx::SqlitePool;
use std::process::Command;

#[derive(Deserialize)]
pub struct Input {
    name: String,
    dir: String,
}

fn where_clause(name: &str) -> String {
    format!("name = '{}'", name)
}

async fn lookup(pool: &SqlitePool, clause: String) -> usize {
    let sql = format!("SELECT * FROM users WHERE {}", clause);
    // ruleid: sql-injection
    sqlx::query(&sql).fetch_all(pool).await.map(|r| r.len()).unwrap_or(0)
}

pub async fn handler(Query(input): Query<Input>, pool: axum::extract::State<SqlitePool>) -> String {
    let n = lookup(&pool, where_clause(&input.name)).await;
    n.to_string()
}

pub async fn archive(Form(input): Form<Input>) -> String {
    let mut cmd = String::from("tar czf /tmp/a.tgz ");
    cmd.push_str(&input.dir);
    // ruleid: command-injection
    let out = Command::new("bash").arg("-c").arg(&cmd).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub async fn archive_ok(Form(input): Form<Input>) -> String {
    // ok: command-injection
    let out = Command::new("tar").args(["czf", "/tmp/a.tgz", "--", &input.dir]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn from_env() -> std::io::Result<String> {
    let p = std::env::var("REPORT_PATH").unwrap_or_default();
    // ruleid: path-traversal
    std::fs::read_to_string(p)
}
