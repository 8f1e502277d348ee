fn client() -> reqwest::Client {
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap_or_default() // expect: tls-verification-disabled
}

pub fn insecure_connector() -> openssl::ssl::SslConnector {
    let mut builder = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls()).unwrap();
    builder.set_verify(openssl::ssl::SslVerifyMode::NONE); // expect: tls-verification-disabled
    builder.build()
}
