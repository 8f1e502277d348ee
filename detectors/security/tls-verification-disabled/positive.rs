fn client() -> reqwest::Client {
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap_or_default() // expect: tls-verification-disabled
}

pub fn insecure_connector() -> openssl::ssl::SslConnector {
    let mut builder = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls()).unwrap();
    builder.set_verify(openssl::ssl::SslVerifyMode::NONE); // expect: tls-verification-disabled
    builder.build()
}

pub fn pinned(config: &mut rustls::ClientConfig, verifier: std::sync::Arc<NoVerify>) {
    config.dangerous().set_certificate_verifier(verifier); // expect: tls-verification-disabled
}

pub fn builder(verifier: std::sync::Arc<NoVerify>) -> rustls::ClientConfig {
    rustls::ClientConfig::builder()
        .dangerous()
        .with_custom_certificate_verifier(verifier) // expect: tls-verification-disabled
        .with_no_client_auth()
}

pub fn legacy_connector(connector: &mut openssl::ssl::SslConnectorBuilder) {
    connector.builder_mut().set_verify(openssl::ssl::SSL_VERIFY_NONE); // expect: tls-verification-disabled
}

pub fn legacy_connector_imported(connector: &mut SslConnectorBuilder) {
    connector.builder_mut().set_verify(SSL_VERIFY_NONE); // expect: tls-verification-disabled
}

pub fn through_a_name() {
    let accept_any = true;
    let _client = reqwest::Client::builder()
        .danger_accept_invalid_certs(accept_any) // expect: tls-verification-disabled
        .build();
}

// A flag from the caller or the configuration, or one only sometimes on: for a review.
pub fn through_flags(insecure: bool, config: &Config) {
    let _a = reqwest::Client::builder().danger_accept_invalid_certs(insecure).build(); // audit: tls-verification-disabled
    let _b = reqwest::Client::builder().danger_accept_invalid_hostnames(config.insecure).build(); // audit: tls-verification-disabled
    let mut sometimes = true;
    if rand::random::<bool>() {
        sometimes = false;
    }
    let _c = native_tls::TlsConnector::builder().danger_accept_invalid_certs(sometimes).build(); // audit: tls-verification-disabled
}
