//! Rocket handlers, native-tls and rsa as their users write them, annotated for `benches/security/check.py`.
use rocket::get;
use std::process::Command;

#[get("/run?<cmd>")]
fn run(cmd: String) -> String {
    // ruleid: command
    let out = Command::new("bash").arg("-c").arg(&cmd).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[get("/read?<name>")]
fn read(name: String) -> String {
    // ruleid: path
    std::fs::read_to_string(format!("/srv/{}", name)).unwrap_or_default()
}

pub fn tls() -> native_tls::TlsConnector {
    native_tls::TlsConnector::builder()
        // ruleid: tls
        .danger_accept_invalid_certs(true)
        .build()
        .unwrap()
}

pub fn key() -> rsa::RsaPrivateKey {
    let mut rng = rand::thread_rng();
    // ruleid: keysize
    rsa::RsaPrivateKey::new(&mut rng, 1024).unwrap()
}
