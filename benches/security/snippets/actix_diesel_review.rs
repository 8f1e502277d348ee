//! actix-files, rusqlite, diesel and rand as their users write them, annotated for `benches/security/check.py`.
use actix_files::NamedFile;
use actix_web::{get, web, HttpResponse};
use diesel::prelude::*;
use rusqlite::Connection;
use serde::Deserialize;

#[derive(Deserialize)]
struct P {
    name: String,
}

#[get("/file/{name}")]
async fn file(path: web::Path<String>) -> actix_web::Result<NamedFile> {
    let name = path.into_inner();
    // ruleid: path-traversal
    Ok(NamedFile::open(format!("./static/{}", name))?)
}

#[get("/u")]
async fn users(q: web::Query<P>) -> HttpResponse {
    let conn = Connection::open("app.db").unwrap();
    // ruleid: sql-injection
    conn.execute(&format!("DELETE FROM users WHERE name = '{}'", q.name), []).unwrap();
    HttpResponse::Ok().finish()
}

#[get("/u2")]
async fn users2(q: web::Query<P>) -> HttpResponse {
    let conn = Connection::open("app.db").unwrap();
    // ok: sql-injection
    conn.execute("DELETE FROM users WHERE name = ?1", [&q.name]).unwrap();
    HttpResponse::Ok().finish()
}

#[get("/d")]
async fn diesel_q(q: web::Query<P>, conn: web::Data<PgConnection>) -> HttpResponse {
    // ruleid: sql-injection
    let _ = diesel::sql_query(format!("SELECT * FROM t WHERE name = '{}'", q.name)).execute(&mut *conn.get_mut());
    HttpResponse::Ok().finish()
}

#[get("/r")]
async fn redirect(q: web::Query<P>) -> HttpResponse {
    // ruleid: open-redirect
    HttpResponse::Found().append_header(("Location", q.name.clone())).finish()
}

#[get("/t")]
async fn read(q: web::Query<P>) -> HttpResponse {
    // ruleid: path-traversal
    let body = tokio::fs::read_to_string(&q.name).await.unwrap_or_default();
    HttpResponse::Ok().body(body)
}

#[get("/x")]
async fn exec(q: web::Query<P>) -> HttpResponse {
    // ruleid: command-injection
    let out = std::process::Command::new(&q.name).output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}

fn session_token() -> u64 {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    // ruleid: insecure-random
    let token = SmallRng::seed_from_u64(42).gen::<u64>();
    token
}

fn hash(data: &[u8]) -> Vec<u8> {
    use sha1::{Digest, Sha1};
    // ruleid: weak-hash
    Sha1::digest(data).to_vec()
}
