//! An axum shop as its users write it, annotated for `benches/security/check.py`.
use std::collections::HashMap;
use std::process::Command;

use axum::extract::{Form, Json, Path, Query, State};
use axum::response::{Html, Redirect};
use axum::routing::{get, post};
use axum::Router;
use md5::{Digest, Md5};
use serde::Deserialize;
use sqlx::PgPool;

#[derive(Deserialize)]
struct Search {
    q: String,
    next: Option<String>,
}

async fn search(State(pool): State<PgPool>, Query(params): Query<Search>) -> String {
    let sql = format!("SELECT name FROM products WHERE name LIKE '%{}%'", params.q);
    // ruleid: sql-injection
    let rows: Vec<(String,)> = sqlx::query_as(&sql).fetch_all(&pool).await.unwrap();
    rows.into_iter().map(|r| r.0).collect::<Vec<_>>().join(",")
}

async fn search_safe(State(pool): State<PgPool>, Query(params): Query<Search>) -> String {
    // ok: sql-injection
    let rows: Vec<(String,)> = sqlx::query_as("SELECT name FROM products WHERE name LIKE $1")
        .bind(format!("%{}%", params.q))
        .fetch_all(&pool)
        .await
        .unwrap();
    rows.into_iter().map(|r| r.0).collect::<Vec<_>>().join(",")
}

async fn archive(Path(name): Path<String>) -> String {
    // ruleid: command-injection
    let out = Command::new("sh").arg("-c").arg(format!("tar czf /tmp/{}.tgz /srv/{}", name, name)).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

async fn archive_safe(Path(name): Path<String>) -> String {
    // ok: command-injection
    let out = Command::new("tar").args(["czf", "/tmp/out.tgz", &name]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

async fn read_file(Query(params): Query<HashMap<String, String>>) -> String {
    let name = params.get("file").cloned().unwrap_or_default();
    // ruleid: path-traversal
    std::fs::read_to_string(format!("/srv/files/{}", name)).unwrap_or_default()
}

async fn greet(Query(params): Query<Search>) -> Html<String> {
    // ruleid: reflected-xss
    Html(format!("<h1>Hello {}</h1>", params.q))
}

async fn go(Query(params): Query<Search>) -> Redirect {
    // ruleid: open-redirect
    Redirect::to(&params.next.unwrap_or_default())
}

async fn fetch(Json(body): Json<HashMap<String, String>>) -> String {
    let url = body.get("url").cloned().unwrap_or_default();
    // ruleid: ssrf
    reqwest::get(&url).await.unwrap().text().await.unwrap()
}

async fn insecure_client() -> reqwest::Client {
    // ruleid: tls-verification-disabled
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap()
}

async fn fingerprint(Form(form): Form<HashMap<String, String>>) -> String {
    let mut hasher = Md5::new();
    // ruleid: insecure-password-hash
    hasher.update(form.get("password").cloned().unwrap_or_default().as_bytes());
    format!("{:x}", hasher.finalize())
}

pub fn router(pool: PgPool) -> Router {
    Router::new()
        .route("/search", get(search))
        .route("/search2", get(search_safe))
        .route("/archive/:name", post(archive))
        .route("/archive2/:name", post(archive_safe))
        .route("/file", get(read_file))
        .route("/greet", get(greet))
        .route("/go", get(go))
        .route("/fetch", post(fetch))
        .route("/fp", post(fingerprint))
        .with_state(pool)
}
