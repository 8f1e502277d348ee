use regex::Regex;

pub fn numbers(lines: &[&str]) -> usize {
    let digits = Regex::new(r"^\d+$").expect("valid");
    lines.iter().filter(|line| digits.is_match(line)).count()
}

pub fn per_name(names: &[&str], text: &str) -> usize {
    let mut found = 0;
    for name in names {
        let word = Regex::new(&format!(r"\b{name}\b")).expect("valid");
        if word.is_match(text) {
            found += 1;
        }
    }
    found
}
