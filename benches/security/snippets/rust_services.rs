//! Rocket, warp and plain-std services over databases, processes, files and TLS, as a review would read them.
use std::process::Command;

use rocket::{get, post, serde::json::Json};
use rusqlite::Connection;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Job {
    script: String,
    target: String,
}

#[get("/users/<name>")]
pub fn user(name: String) -> String {
    let conn = Connection::open("app.db").unwrap();
    // ruleid: sql-injection
    let count: i64 = conn.query_row(&format!("SELECT count(*) FROM users WHERE name = '{}'", name), [], |r| r.get(0)).unwrap();
    count.to_string()
}

#[get("/users/bound/<name>")]
pub fn user_bound(name: String) -> String {
    let conn = Connection::open("app.db").unwrap();
    // ok: sql-injection
    let count: i64 = conn.query_row("SELECT count(*) FROM users WHERE name = ?1", [&name], |r| r.get(0)).unwrap();
    count.to_string()
}

#[post("/jobs", data = "<job>")]
pub fn run_job(job: Json<Job>) -> String {
    // ruleid: command-injection
    let out = Command::new(&job.script).arg(&job.target).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[post("/jobs/fixed", data = "<job>")]
pub fn run_fixed(job: Json<Job>) -> String {
    // ok: command-injection
    let out = Command::new("/usr/local/bin/deploy").arg(&job.target).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[get("/purge/<dir>")]
pub fn purge(dir: String) -> &'static str {
    // ruleid: path-traversal
    std::fs::remove_dir_all(format!("/var/cache/app/{}", dir)).unwrap();
    "purged"
}

#[get("/proxy?<url>")]
pub async fn proxy(url: String) -> String {
    // ruleid: ssrf
    reqwest::Client::new().get(&url).send().await.unwrap().text().await.unwrap()
}

pub fn insecure_client() -> reqwest::Client {
    // ruleid: tls-verification-disabled
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap()
}

pub fn fingerprint(password: &str) -> String {
    // ruleid: insecure-password-hash
    format!("{:x}", md5::compute(password.as_bytes()))
}

// ruleid: hardcoded-secret
const STRIPE_KEY: &str = "sk_live_51HqLyjWDarjtT1zdp7dcXa1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ";

pub fn warp_routes() -> impl warp::Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    use warp::Filter;
    warp::path!("files" / String).map(|name: String| {
        // ruleid: path-traversal
        std::fs::read_to_string(format!("/srv/files/{}", name)).unwrap_or_default()
    })
}
