//! actix, Rocket and openssl as their users write them, annotated for `benches/security/check.py`.
use actix_web::{web, HttpResponse};
use rocket::response::content::RawHtml;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Q {
    name: String,
}

pub async fn page(q: web::Query<Q>) -> HttpResponse {
    // ruleid: reflected-xss
    HttpResponse::Ok().content_type("text/html").body(format!("<h1>{}</h1>", q.name))
}

#[rocket::get("/hello?<name>")]
pub fn hello(name: String) -> RawHtml<String> {
    // ruleid: reflected-xss
    RawHtml(format!("<p>Hello {}</p>", name))
}

pub async fn run(q: web::Query<Q>) -> HttpResponse {
    // ruleid: command-injection
    let out = tokio::process::Command::new("sh").arg("-c").arg(&q.name).output().await.unwrap();
    HttpResponse::Ok().body(out.stdout)
}

pub fn connector() -> openssl::ssl::SslConnector {
    let mut b = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls()).unwrap();
    // ruleid: tls-verification-disabled
    b.set_verify(openssl::ssl::SslVerifyMode::NONE);
    b.build()
}

pub fn hash_password(password: &str) -> String {
    use sha1::{Digest, Sha1};
    let mut h = Sha1::new();
    // ruleid: insecure-password-hash
    h.update(password.as_bytes());
    format!("{:x}", h.finalize())
}

pub fn hash_ok(data: &[u8]) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    // ok: weak-hash
    Sha256::digest(data).to_vec()
}
