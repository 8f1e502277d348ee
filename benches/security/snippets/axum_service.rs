//! An axum service as its users write it, annotated for `benches/security/check.py`.
use axum::extract::{Path, Query};
use std::collections::HashMap;
use std::process::Command;

pub async fn convert(Query(params): Query<HashMap<String, String>>) -> String {
    let size = params.get("size").cloned().unwrap_or_default();
    // ruleid: command-injection
    let out = Command::new("sh").arg("-c").arg(format!("convert in.png -resize {size} out.png")).output();
    // ok: command-injection
    let safe = Command::new("convert").args(["in.png", "-resize", &size, "out.png"]).output();
    format!("{:?} {:?}", out.is_ok(), safe.is_ok())
}

pub async fn read_file(Path(name): Path<String>) -> String {
    // ruleid: path-traversal
    std::fs::read_to_string(format!("/srv/data/{}", name)).unwrap_or_default()
}

pub async fn find(pool: sqlx::PgPool, Query(q): Query<HashMap<String, String>>) -> usize {
    let name = q.get("name").cloned().unwrap_or_default();
    let sql = format!("SELECT id FROM users WHERE name = '{}'", name);
    // ruleid: sql-injection
    let rows = sqlx::query(&sql).fetch_all(&pool).await.unwrap_or_default();
    // ok: sql-injection
    let safe = sqlx::query("SELECT id FROM users WHERE name = $1").bind(&name).fetch_all(&pool).await.unwrap_or_default();
    rows.len() + safe.len()
}

pub fn client() -> reqwest::Client {
    // ruleid: tls-verification-disabled
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap()
}

pub async fn proxy(Query(q): Query<HashMap<String, String>>) -> String {
    let url = q.get("url").cloned().unwrap_or_default();
    // ruleid: ssrf
    reqwest::get(&url).await.unwrap().text().await.unwrap()
}
