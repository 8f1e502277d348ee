//! axum and actix handlers as their users write them, annotated for `benches/security/check.py`.
use axum::{extract::Query, extract::Path, response::Html, response::Redirect, Json};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use sqlx::PgPool;
use std::process::Command;

#[derive(Deserialize)]
struct Search {
    q: String,
}

async fn search(Query(s): Query<Search>, pool: axum::extract::State<PgPool>) -> String {
    let sql = format!("SELECT name FROM items WHERE name = '{}'", s.q);
    // ruleid: sql-injection
    let rows = sqlx::query(&sql).fetch_all(&*pool).await.unwrap();
    format!("{}", rows.len())
}

async fn search_ok(Query(s): Query<Search>, pool: axum::extract::State<PgPool>) -> String {
    // ok: sql-injection
    let rows = sqlx::query("SELECT name FROM items WHERE name = $1")
        .bind(&s.q)
        .fetch_all(&*pool)
        .await
        .unwrap();
    format!("{}", rows.len())
}

async fn greet(Query(s): Query<Search>) -> Html<String> {
    // ruleid: reflected-xss
    Html(format!("<h1>Hello {}</h1>", s.q))
}

async fn file(Path(name): Path<String>) -> String {
    // ruleid: path-traversal
    std::fs::read_to_string(format!("/srv/data/{}", name)).unwrap_or_default()
}

async fn jump(Query(s): Query<Search>) -> Redirect {
    // ruleid: open-redirect
    Redirect::to(&s.q)
}

async fn run(web::Query(s): web::Query<Search>) -> HttpResponse {
    // ruleid: command-injection
    let out = Command::new("sh").arg("-c").arg(&s.q).output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}

async fn run_ok(web::Query(s): web::Query<Search>) -> HttpResponse {
    // ok: command-injection
    let out = Command::new("grep").arg("--").arg(&s.q).arg("/var/log/app.log").output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}

async fn proxy(Json(s): Json<Search>) -> String {
    // ruleid: ssrf
    reqwest::get(&s.q).await.unwrap().text().await.unwrap()
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        // ruleid: tls-verify-disabled
        .danger_accept_invalid_certs(true)
        .build()
        .unwrap()
}

fn digest(data: &[u8]) -> String {
    // ruleid: weak-hash
    format!("{:x}", md5::compute(data))
}
