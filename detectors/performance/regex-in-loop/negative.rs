use regex::Regex;

fn numbers(lines: &[&str]) -> usize {
    let digits = Regex::new(r"^\d+$").unwrap();
    lines.iter().filter(|line| digits.is_match(line)).count()
}
