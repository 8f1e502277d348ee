//! actix-web flows from extractors to sinks, annotated for `benches/security/check.py`.
use actix_web::{get, post, web, HttpRequest, HttpResponse, Responder};
use serde::Deserialize;
use sqlx::SqlitePool;
use std::process::Command;
use tokio::fs;

#[derive(Deserialize)]
struct Info {
    name: String,
    url: String,
    path: String,
}

#[get("/a")]
async fn a(info: web::Query<Info>, pool: web::Data<SqlitePool>) -> impl Responder {
    let q = format!("DELETE FROM users WHERE name = '{}'", info.name);
    // ruleid: sql-injection
    sqlx::query(&q).execute(pool.get_ref()).await.unwrap();
    HttpResponse::Ok().finish()
}

#[post("/b")]
async fn b(form: web::Form<Info>) -> impl Responder {
    // ruleid: command-injection
    let out = Command::new("bash").args(["-c", &form.name]).output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}

#[get("/c/{file}")]
async fn c(path: web::Path<String>) -> impl Responder {
    let file = path.into_inner();
    // ruleid: path-traversal
    let data = fs::read(format!("./uploads/{file}")).await.unwrap();
    HttpResponse::Ok().body(data)
}

#[get("/d")]
async fn d(info: web::Query<Info>) -> impl Responder {
    // ruleid: reflected-xss
    HttpResponse::Ok().content_type("text/html").body(format!("<b>{}</b>", info.name))
}

#[get("/e")]
async fn e(info: web::Json<Info>) -> impl Responder {
    let client = reqwest::Client::new();
    // ruleid: ssrf
    let body = client.get(&info.url).send().await.unwrap().text().await.unwrap();
    HttpResponse::Ok().body(body)
}

#[get("/f")]
async fn f(req: HttpRequest) -> impl Responder {
    let target = req.query_string().to_string();
    // ruleid: open-redirect
    HttpResponse::Found().append_header(("Location", target)).finish()
}

#[get("/g")]
async fn g(info: web::Query<Info>) -> impl Responder {
    // ruleid: path-traversal
    let _ = std::fs::remove_file(&info.path);
    HttpResponse::Ok().finish()
}

#[get("/h")]
async fn h(info: web::Query<Info>, pool: web::Data<SqlitePool>) -> impl Responder {
    // ok: sql-injection
    sqlx::query("DELETE FROM users WHERE name = ?").bind(&info.name).execute(pool.get_ref()).await.unwrap();
    HttpResponse::Ok().finish()
}
