//! Handlers as people write them.
use actix_web::{web, HttpResponse, Responder};
use axum::extract::{Path, Query};
use axum::response::{Html, Redirect};
use serde::Deserialize;
use std::collections::HashMap;
use std::process::Command;

#[derive(Deserialize)]
struct Search {
    q: String,
}

async fn search(Query(s): Query<Search>, pool: web::Data<sqlx::PgPool>) -> impl Responder {
    let sql = format!("SELECT id FROM items WHERE title LIKE '%{}%'", s.q);
    // ruleid: sql
    let rows = sqlx::query(&sql).fetch_all(pool.get_ref()).await;
    HttpResponse::Ok().body(format!("{}", rows.map(|r| r.len()).unwrap_or(0)))
}

async fn search_safe(Query(s): Query<Search>, pool: web::Data<sqlx::PgPool>) -> impl Responder {
    // ok: sql
    let rows = sqlx::query("SELECT id FROM items WHERE title = $1")
        .bind(&s.q)
        .fetch_all(pool.get_ref())
        .await;
    HttpResponse::Ok().body(format!("{}", rows.map(|r| r.len()).unwrap_or(0)))
}

async fn hello(Query(params): Query<HashMap<String, String>>) -> Html<String> {
    let name = params.get("name").cloned().unwrap_or_default();
    // ruleid: xss
    Html(format!("<h1>Hello {name}</h1>"))
}

async fn hello_safe(Query(params): Query<HashMap<String, String>>) -> Html<String> {
    let name = params.get("name").cloned().unwrap_or_default();
    // ok: xss
    Html(format!("<h1>Hello {}</h1>", html_escape::encode_text(&name)))
}

async fn convert(Path(file): Path<String>) -> String {
    // ruleid: command
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("convert {} out.png", file))
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

async fn convert_safe(Path(file): Path<String>) -> String {
    // ok: command
    let out = Command::new("convert").arg(&file).arg("out.png").output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

async fn read(Path(name): Path<String>) -> String {
    // ruleid: path
    tokio::fs::read_to_string(format!("/srv/data/{}", name)).await.unwrap_or_default()
}

async fn go(Query(params): Query<HashMap<String, String>>) -> Redirect {
    let next = params.get("next").cloned().unwrap_or_default();
    // ruleid: redirect
    Redirect::to(&next)
}

async fn fetch(Query(params): Query<HashMap<String, String>>) -> String {
    let url = params.get("url").cloned().unwrap_or_default();
    // ruleid: ssrf
    reqwest::get(&url).await.unwrap().text().await.unwrap()
}

fn client() -> reqwest::Client {
    // ruleid: tls
    reqwest::Client::builder().danger_accept_invalid_hostnames(true).build().unwrap()
}

fn digest(password: &str) -> String {
    // ruleid: weak-hash
    format!("{:x}", md5::compute(password.as_bytes()))
}

// ruleid: secret
const STRIPE_KEY: &str = "sk_live_51HqLyjWDarjtT1zdp7dcXbyq2KXo9oKzq3";

async fn render(web::Query(q): web::Query<HashMap<String, String>>) -> HttpResponse {
    let tpl = q.get("tpl").cloned().unwrap_or_default();
    // ruleid: ssti
    let out = tera::Tera::one_off(&tpl, &tera::Context::new(), true).unwrap();
    HttpResponse::Ok().body(out)
}
