use regex::Regex;

pub fn escaped(hay: &str) -> bool {
    let username = std::env::var("USER").unwrap_or_default();
    let pattern = format!("foo{}bar", regex::escape(&username));
    Regex::new(&pattern).unwrap().is_match(hay)
}

pub fn literal() -> bool {
    let username = std::env::var("USER").unwrap_or_default();
    Regex::new(r"literal string").unwrap().is_match(&username)
}

pub fn numeric(hay: &str) -> bool {
    let n = std::env::var("N").unwrap_or_default().parse::<u64>().unwrap_or(0);
    Regex::new(&format!("foo{}bar", n)).unwrap().is_match(hay)
}
