use regex::Regex;

pub fn numbers(lines: &[&str]) -> usize {
    let digits = Regex::new(r"^\d+$").expect("valid");
    lines.iter().filter(|line| digits.is_match(line)).count()
}
