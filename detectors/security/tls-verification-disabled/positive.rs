fn client() -> reqwest::Client {
    reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap_or_default() // expect: tls-verification-disabled
}
