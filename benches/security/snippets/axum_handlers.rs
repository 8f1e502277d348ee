//! Annotated axum handlers.
use axum::extract::{Path, Query};
use std::collections::HashMap;
use std::process::Command;

pub async fn run(Query(params): Query<HashMap<String, String>>) -> String {
    let host = params.get("host").cloned().unwrap_or_default();
    // ruleid: command-injection
    let out = Command::new("sh").arg("-c").arg(format!("ping -c 1 {host}")).output().unwrap();
    // ok: command-injection
    let safe = Command::new("ping").arg("-c").arg("1").arg(&host).output().unwrap();
    format!("{:?}{:?}", out, safe)
}

pub async fn read(Path(name): Path<String>) -> String {
    // ruleid: path-traversal
    std::fs::read_to_string(format!("/srv/data/{name}")).unwrap_or_default()
}

pub async fn find(pool: sqlx::PgPool, Query(q): Query<HashMap<String, String>>) -> usize {
    let name = q.get("name").cloned().unwrap_or_default();
    let sql = format!("SELECT * FROM users WHERE name = '{}'", name);
    // ruleid: sql-injection
    sqlx::query(&sql).fetch_all(&pool).await.unwrap().len()
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        // ruleid: tls-verification-disabled
        .danger_accept_invalid_certs(true)
        .build()
        .unwrap()
}

pub async fn fetch(Query(q): Query<HashMap<String, String>>) -> String {
    let url = q.get("url").cloned().unwrap_or_default();
    // ruleid: ssrf
    reqwest::get(&url).await.unwrap().text().await.unwrap()
}

pub fn digest(data: &[u8]) -> String {
    // ruleid: weak-hash
    format!("{:x}", md5::compute(data))
}
