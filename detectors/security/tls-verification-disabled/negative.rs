fn client() -> reqwest::Client {
    reqwest::Client::builder().danger_accept_invalid_certs(false).build().unwrap_or_default()
}
