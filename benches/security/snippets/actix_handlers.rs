//! actix-web handlers over processes, files and HTML, annotated for `benches/security/check.py`.
use actix_web::{get, web, HttpResponse};
use std::process::Command;

#[get("/ping/{host}")]
async fn ping(host: web::Path<String>) -> HttpResponse {
    // ruleid: command
    let out = Command::new("sh").arg("-c").arg(format!("ping -c 1 {}", host.into_inner())).output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}

#[get("/file")]
async fn file(q: web::Query<std::collections::HashMap<String, String>>) -> HttpResponse {
    let name = q.get("name").cloned().unwrap_or_default();
    // ruleid: path
    let body = std::fs::read(format!("./public/{}", name)).unwrap_or_default();
    HttpResponse::Ok().body(body)
}

#[get("/hello")]
async fn hello(q: web::Query<std::collections::HashMap<String, String>>) -> HttpResponse {
    let who = q.get("who").cloned().unwrap_or_default();
    // ruleid: xss
    HttpResponse::Ok().content_type("text/html").body(format!("<h1>{}</h1>", who))
}

#[get("/safe")]
async fn safe(q: web::Query<std::collections::HashMap<String, String>>) -> HttpResponse {
    let n: u32 = q.get("n").and_then(|v| v.parse().ok()).unwrap_or(0);
    // ok: command
    let out = Command::new("seq").arg(n.to_string()).output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}
