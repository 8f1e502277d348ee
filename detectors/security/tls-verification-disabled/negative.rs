fn client() -> reqwest::Client {
    reqwest::Client::builder().danger_accept_invalid_certs(false).build().unwrap_or_default()
}

pub fn connector() -> openssl::ssl::SslConnector {
    let mut builder = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls()).unwrap();
    builder.set_verify(openssl::ssl::SslVerifyMode::PEER);
    builder.build()
}

pub fn default_roots(roots: rustls::RootCertStore) -> rustls::ClientConfig {
    rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth()
}

pub fn legacy_connector(connector: &mut SslConnectorBuilder) {
    connector.builder_mut().set_verify(SSL_VERIFY_PEER);
}

pub fn through_names() {
    let never = false;
    let _a = reqwest::Client::builder().danger_accept_invalid_certs(never).build();
}
