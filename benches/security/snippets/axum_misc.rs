//! axum handlers over processes, files, sqlx, rusqlite, diesel and reqwest, annotated for `benches/security/check.py`.
use axum::extract::{Path, Query};
use std::collections::HashMap;
use std::process::Command;

pub async fn run(Query(params): Query<HashMap<String, String>>) -> String {
    let cmd = params.get("cmd").cloned().unwrap_or_default();
    // ruleid: command
    let out = Command::new("sh").args(["-c", &cmd]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub async fn read_file(Path(name): Path<String>) -> String {
    // ruleid: path
    tokio::fs::read_to_string(format!("/srv/files/{}", name)).await.unwrap_or_default()
}

pub async fn lookup(pool: sqlx::PgPool, Query(q): Query<HashMap<String, String>>) -> usize {
    let name = q.get("name").cloned().unwrap_or_default();
    let sql = format!("SELECT id FROM users WHERE name = '{}'", name);
    // ruleid: sql
    let rows = sqlx::query(&sql).fetch_all(&pool).await.unwrap();
    // ok: sql
    let safe = sqlx::query("SELECT id FROM users WHERE name = $1").bind(&name).fetch_all(&pool).await.unwrap();
    rows.len() + safe.len()
}

pub fn rusqlite_lookup(conn: &rusqlite::Connection, user: &str) {
    // ruleid: sql
    conn.execute(&format!("DELETE FROM sessions WHERE user = '{}'", user), []).unwrap();
}

pub fn diesel_lookup(conn: &mut diesel::PgConnection, name: String) {
    // ruleid: sql
    diesel::sql_query(format!("SELECT * FROM users WHERE name = '{}'", name)).execute(conn).unwrap();
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        // ruleid: tls
        .danger_accept_invalid_hostnames(true)
        .build()
        .unwrap()
}

pub fn session_digest(data: &[u8]) -> String {
    // ruleid: hash
    format!("{:x}", md5::compute(data))
}

pub async fn fetch(Query(q): Query<HashMap<String, String>>) -> String {
    let url = q.get("url").cloned().unwrap_or_default();
    // ruleid: ssrf
    reqwest::get(&url).await.unwrap().text().await.unwrap()
}
