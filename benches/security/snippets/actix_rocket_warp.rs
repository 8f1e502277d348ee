//! Handlers in actix-web and warp over databases, processes and templates, as a review would read them.
use std::process::Command;

use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;
use sqlx::PgPool;

#[derive(Deserialize)]
pub struct Filter {
    status: String,
    host: String,
    url: String,
    name: String,
}

#[get("/orders")]
pub async fn orders(pool: web::Data<PgPool>, filter: web::Query<Filter>) -> HttpResponse {
    let query = format!("SELECT id FROM orders WHERE status = '{}'", filter.status);
    // ruleid: sql-injection
    let rows = sqlx::query(&query).fetch_all(pool.get_ref()).await;
    HttpResponse::Ok().body(format!("{}", rows.map(|r| r.len()).unwrap_or(0)))
}

#[get("/orders/bound")]
pub async fn orders_bound(pool: web::Data<PgPool>, filter: web::Query<Filter>) -> HttpResponse {
    // ok: sql-injection
    let rows = sqlx::query("SELECT id FROM orders WHERE status = $1").bind(&filter.status).fetch_all(pool.get_ref()).await;
    HttpResponse::Ok().body(format!("{}", rows.map(|r| r.len()).unwrap_or(0)))
}

#[get("/ping")]
pub async fn ping(filter: web::Query<Filter>) -> HttpResponse {
    // ruleid: command-injection
    let out = Command::new("sh").arg("-c").arg(format!("ping -c 1 {}", filter.host)).output();
    HttpResponse::Ok().body(out.map(|o| o.stdout).unwrap_or_default())
}

#[get("/ping/argv")]
pub async fn ping_argv(filter: web::Query<Filter>) -> HttpResponse {
    // ok: command-injection
    let out = Command::new("ping").args(["-c", "1", &filter.host]).output();
    HttpResponse::Ok().body(out.map(|o| o.stdout).unwrap_or_default())
}

#[post("/fetch")]
pub async fn fetch(form: web::Form<Filter>) -> HttpResponse {
    // ruleid: ssrf
    let body = reqwest::get(&form.url).await.unwrap().text().await.unwrap_or_default();
    HttpResponse::Ok().body(body)
}

#[get("/hello")]
pub async fn hello(filter: web::Query<Filter>) -> HttpResponse {
    // ruleid: reflected-xss
    HttpResponse::Ok().content_type("text/html").body(format!("<h1>Hello {}</h1>", filter.name))
}

#[get("/file/{name}")]
pub async fn file(name: web::Path<String>) -> HttpResponse {
    // ruleid: path-traversal
    match std::fs::read(format!("/srv/files/{}", name.into_inner())) {
        Ok(bytes) => HttpResponse::Ok().body(bytes),
        Err(_) => HttpResponse::NotFound().finish(),
    }
}
