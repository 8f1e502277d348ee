use openssl::rsa::Rsa;

fn key() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(1024).unwrap() // expect: weak-key-size
}

fn other(rng: &mut rand::rngs::OsRng) -> rsa::RsaPrivateKey {
    rsa::RsaPrivateKey::new(rng, 512).unwrap() // expect: weak-key-size
}
