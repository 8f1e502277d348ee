use openssl::rsa::Rsa;

fn key() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(4096).unwrap()
}
