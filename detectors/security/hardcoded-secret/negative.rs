fn token() -> String {
    std::env::var("GITHUB_TOKEN").unwrap_or_default()
}
// A documented example key and a key made of consecutive letters.
const AWS_KEY: &str = "AKIAIOSFODNN7EXAMPLE";
const TEST_KEY: &str = "AKIAABCDEFGHIJKLMNOP";
