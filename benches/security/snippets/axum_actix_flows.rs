//! axum and actix-web handlers: request data into HTML, redirects, files, SQL, commands and
//! outgoing requests, with the safe form of each beside it.

use axum::extract::{Form, Json, Path, Query};
use axum::response::{Html, Redirect};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use std::collections::HashMap;
use std::process::Command;

#[derive(Deserialize)]
pub struct Search {
    q: String,
    next: String,
    file: String,
    host: String,
}

pub async fn greet(Query(params): Query<Search>) -> Html<String> {
    // ruleid: xss
    Html(format!("<h1>Hello {}</h1>", params.q))
}

pub async fn greet_ok(Query(params): Query<Search>) -> Html<String> {
    // ok: xss
    Html(format!("<h1>Hello {}</h1>", html_escape::encode_text(&params.q)))
}

pub async fn go(Query(params): Query<Search>) -> Redirect {
    // ruleid: open-redirect
    Redirect::to(&params.next)
}

pub async fn go_ok(Query(_params): Query<Search>) -> Redirect {
    // ok: open-redirect
    Redirect::to("/home")
}

pub async fn read(Query(params): Query<Search>) -> String {
    // ruleid: path-traversal
    tokio::fs::read_to_string(format!("uploads/{}", params.file)).await.unwrap()
}

pub async fn read_path(Path(name): Path<String>) -> Vec<u8> {
    // ruleid: path-traversal
    std::fs::read(std::path::Path::new("uploads").join(&name)).unwrap()
}

pub async fn users(Query(params): Query<HashMap<String, String>>, pool: sqlx::PgPool) -> String {
    let name = params.get("name").cloned().unwrap_or_default();
    let sql = format!("SELECT * FROM users WHERE name = '{}'", name);
    // ruleid: sqli
    let rows = sqlx::query(&sql).fetch_all(&pool).await.unwrap();
    // ok: sqli
    let safe = sqlx::query("SELECT * FROM users WHERE name = $1").bind(&name).fetch_all(&pool).await.unwrap();
    format!("{} {}", rows.len(), safe.len())
}

pub async fn ping(Form(params): Form<Search>) -> String {
    // ruleid: command
    let out = Command::new("sh").arg("-c").arg(format!("ping -c 1 {}", params.host)).output().unwrap();
    // ok: command
    let ok = Command::new("ping").arg("-c").arg("1").arg(&params.host).output().unwrap();
    format!("{:?}{:?}", out, ok)
}

pub async fn fetch(Json(params): Json<Search>) -> String {
    // ruleid: ssrf
    let body = reqwest::get(&params.host).await.unwrap().text().await.unwrap();
    // ok: ssrf
    let fixed = reqwest::get(format!("https://api.example.com/items/{}", params.q)).await.unwrap().text().await.unwrap();
    body + &fixed
}

pub async fn actix_hello(query: web::Query<Search>) -> HttpResponse {
    // ruleid: xss
    HttpResponse::Ok().content_type("text/html").body(format!("<p>{}</p>", query.q))
}

pub async fn actix_file(path: web::Path<String>) -> std::io::Result<actix_files::NamedFile> {
    // ruleid: path-traversal
    actix_files::NamedFile::open(format!("static/{}", path.into_inner()))
}
