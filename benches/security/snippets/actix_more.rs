//! actix-web handlers as their users write them, annotated for `benches/security/check.py`.
use actix_web::{get, web, HttpResponse};
use rusqlite::Connection;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Filter {
    pub name: String,
}

#[get("/items")]
pub async fn items(q: web::Query<Filter>) -> HttpResponse {
    let conn = Connection::open("app.db").unwrap();
    // ruleid: sql-injection
    let n = conn.execute(&format!("DELETE FROM items WHERE name = '{}'", q.name), []).unwrap();
    // ok: sql-injection
    let m = conn.execute("DELETE FROM items WHERE name = ?1", [&q.name]).unwrap();
    HttpResponse::Ok().body(format!("{}", n + m))
}

#[get("/page/{name}")]
pub async fn page(name: web::Path<String>) -> HttpResponse {
    // ruleid: reflected-xss
    HttpResponse::Ok().content_type("text/html").body(format!("<h1>{}</h1>", name.into_inner()))
}

#[get("/logs/{file}")]
pub async fn logs(file: web::Path<String>) -> HttpResponse {
    // ruleid: path-traversal
    let text = tokio::fs::read_to_string(format!("/var/log/app/{}", file.into_inner())).await.unwrap_or_default();
    HttpResponse::Ok().body(text)
}
