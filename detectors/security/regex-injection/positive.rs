use regex::Regex;

pub fn user_pattern(hay: &str) -> bool {
    let username = std::env::var("USER").unwrap_or_default();
    let pattern = format!("foo{}bar", username);
    let re = Regex::new(&pattern).unwrap(); // expect: regex-injection
    re.is_match(hay)
}

pub async fn search(axum::extract::Query(q): axum::extract::Query<String>) -> bool {
    fancy_regex::Regex::new(&q).map(|r| r.is_match("x").unwrap_or(false)).unwrap_or(false) // expect: regex-injection
}
