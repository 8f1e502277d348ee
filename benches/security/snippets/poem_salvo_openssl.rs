//! poem, salvo and warp handlers and the openssl crate, annotated for `benches/security/check.py`.
use poem::{handler, web::Query as PQuery};
use salvo::prelude::*;
use std::collections::HashMap;
use std::process::Command;
use warp::Filter;

#[handler]
fn poem_run(PQuery(q): PQuery<HashMap<String, String>>) -> String {
    let prog = q.get("prog").cloned().unwrap_or_default();
    // ruleid: command
    let out = Command::new(&prog).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[salvo::handler]
async fn salvo_read(req: &mut Request, res: &mut Response) {
    let name: String = req.query("name").unwrap_or_default();
    // ruleid: path
    let body = std::fs::read_to_string(format!("/srv/{}", name)).unwrap_or_default();
    res.render(body);
}

pub fn routes() -> impl Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    warp::path("run")
        .and(warp::query::<HashMap<String, String>>())
        .map(|q: HashMap<String, String>| {
            let cmd = q.get("cmd").cloned().unwrap_or_default();
            // ruleid: command
            let out = Command::new("sh").arg("-c").arg(cmd).output().unwrap();
            String::from_utf8_lossy(&out.stdout).into_owned()
        })
}

pub fn encrypt(key: &[u8], data: &[u8]) -> Vec<u8> {
    // ruleid: cipher
    openssl::symm::encrypt(openssl::symm::Cipher::des_ecb(), key, None, data).unwrap()
}

pub fn digest(data: &[u8]) -> Vec<u8> {
    // ruleid: hash
    openssl::hash::hash(openssl::hash::MessageDigest::md5(), data).unwrap().to_vec()
}

pub fn tls() -> openssl::ssl::SslConnectorBuilder {
    let mut b = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls()).unwrap();
    // ruleid: tls
    b.set_verify(openssl::ssl::SslVerifyMode::NONE);
    b
}

pub fn scratch() -> std::fs::File {
    // ruleid: tmp
    std::fs::File::create("/tmp/app-scratch.txt").unwrap()
}

pub fn list(dir: &str) -> std::process::Output {
    // ok: command
    Command::new("ls").arg("-la").arg(dir).output().unwrap()
}
