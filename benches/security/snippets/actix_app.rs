//! An actix-web service as its users write it, annotated for `benches/security/check.py`.
use actix_web::{get, post, web, HttpRequest, HttpResponse, Responder};
use std::fs;

#[get("/file/{name}")]
async fn file(path: web::Path<String>) -> impl Responder {
    let name = path.into_inner();
    // ruleid: path-traversal
    let data = fs::read_to_string(format!("./static/{}", name)).unwrap();
    HttpResponse::Ok().body(data)
}

#[get("/hello")]
async fn hello(req: HttpRequest) -> impl Responder {
    let name = req.query_string();
    // ruleid: reflected-xss
    HttpResponse::Ok().content_type("text/html").body(format!("<p>{}</p>", name))
}

#[get("/plain")]
async fn plain(req: HttpRequest) -> impl Responder {
    let name = req.query_string();
    // ok: reflected-xss
    HttpResponse::Ok().content_type("text/plain").body(format!("hello {}", name))
}

#[post("/run")]
async fn run(body: String) -> impl Responder {
    // ruleid: command-injection
    let out = std::process::Command::new(&body).output().unwrap();
    HttpResponse::Ok().body(out.stdout)
}

#[get("/user/{id}")]
async fn user(path: web::Path<i64>, pool: web::Data<sqlx::PgPool>) -> impl Responder {
    let id = path.into_inner();
    // ok: sql-injection
    let q = sqlx::query(&format!("SELECT * FROM users WHERE id = {}", id));
    HttpResponse::Ok().finish()
}

fn hash_password(password: &str) -> String {
    // ruleid: insecure-password-hash
    format!("{:x}", md5::compute(password))
}

fn main_secret() {
    // ruleid: hardcoded-secret
    let key = "AKIAIOSFODNN7EXAMPLF";
    // ruleid: hardcoded-secret
    let client = Client::new("sk_live_51HqLyjWDarjtT1zdp7dcXbSYfvPmWDarjtT1zd");
}

fn random_token() -> u64 {
    // ok: insecure-random
    let token: u64 = rand::random();
    token
}

unsafe fn raw(p: *const u8) -> u8 {
    *p
}

fn deserialize(data: &[u8]) {
    // ok: unsafe-deserialization
    let v: Config = serde_json::from_slice(data).unwrap();
}
