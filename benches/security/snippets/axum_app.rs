//! An axum service as its users write it, annotated for `benches/security/check.py`.
use axum::{extract::{Path, Query, State, Form, Json}, response::{Html, Redirect, IntoResponse}, routing::get, Router};
use serde::Deserialize;
use sqlx::PgPool;
use std::process::Command;

#[derive(Deserialize)]
struct Search { q: String, page: u32 }

#[derive(Deserialize)]
struct FileReq { name: String }

async fn search(State(pool): State<PgPool>, Query(params): Query<Search>) -> impl IntoResponse {
    let sql = format!("SELECT * FROM items WHERE name LIKE '%{}%'", params.q);
    // ruleid: sql-injection
    let rows = sqlx::query(&sql).fetch_all(&pool).await.unwrap();
    // ok: sql-injection
    let rows = sqlx::query("SELECT * FROM items WHERE name LIKE $1").bind(&params.q).fetch_all(&pool).await.unwrap();
    // ok: sql-injection
    let rows = sqlx::query(&format!("SELECT * FROM items LIMIT 10 OFFSET {}", params.page * 10)).fetch_all(&pool).await.unwrap();
    Html(format!("<p>{} results</p>", rows.len()))
}

async fn greet(Query(params): Query<Search>) -> Html<String> {
    // ruleid: reflected-xss
    Html(format!("<h1>Hello {}</h1>", params.q))
}

async fn greet_safe(Query(params): Query<Search>) -> Html<String> {
    // ok: reflected-xss
    Html(format!("<h1>Hello {}</h1>", html_escape::encode_text(&params.q)))
}

async fn download(Path(name): Path<String>) -> Vec<u8> {
    // ruleid: path-traversal
    std::fs::read(format!("/srv/files/{}", name)).unwrap()
}

async fn download_safe(Path(name): Path<String>) -> Vec<u8> {
    let name = std::path::Path::new(&name).file_name().unwrap().to_owned();
    // ok: path-traversal
    std::fs::read(std::path::Path::new("/srv/files").join(name)).unwrap()
}

async fn ping(Query(params): Query<FileReq>) -> String {
    // ruleid: command-injection
    let out = Command::new("sh").arg("-c").arg(format!("ping -c 1 {}", params.name)).output().unwrap();
    // ok: command-injection
    let out = Command::new("ping").arg("-c").arg("1").arg(&params.name).output().unwrap();
    String::from_utf8_lossy(&out.stdout).to_string()
}

async fn go(Query(params): Query<FileReq>) -> Redirect {
    // ruleid: open-redirect
    Redirect::to(&params.name)
}

async fn go_safe(Query(params): Query<FileReq>) -> Redirect {
    // ok: open-redirect
    Redirect::to(&format!("/users/{}", params.name))
}

async fn fetch(Query(params): Query<FileReq>) -> String {
    // ruleid: ssrf
    let body = reqwest::get(&params.name).await.unwrap().text().await.unwrap();
    // ok: ssrf
    let body = reqwest::get("https://api.example.com/status").await.unwrap().text().await.unwrap();
    body
}

async fn create(Json(body): Json<serde_json::Value>) -> String {
    let name = body["name"].as_str().unwrap_or_default();
    // ruleid: sql-injection
    let q = sqlx::query(&format!("INSERT INTO t (name) VALUES ('{}')", name));
    String::new()
}
