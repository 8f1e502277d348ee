fn token() -> String {
    std::env::var("GITHUB_TOKEN").unwrap_or_default()
}
// A documented example key and a key made of consecutive letters.
const AWS_KEY: &str = "AKIAIOSFODNN7EXAMPLE";
const TEST_KEY: &str = "AKIAABCDEFGHIJKLMNOP";

#[cfg(test)]
mod tests {
    // Test code inside a source file is test code.
    const ISSUED_LOOKING: &str = "AKIA4QZ7R2LMX9VKP4TN";

    #[test]
    fn reads_the_key() {
        assert_eq!(ISSUED_LOOKING.len(), 20);
    }
}
