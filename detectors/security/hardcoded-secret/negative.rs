fn token() -> String {
    std::env::var("GITHUB_TOKEN").unwrap_or_default()
}
