use regex::Regex;

pub fn numbers(lines: &[&str]) -> usize {
    let mut count = 0;
    for line in lines {
        let digits = Regex::new(r"^\d+$").expect("valid"); // expect: regex-in-loop
        count += usize::from(digits.is_match(line));
    }
    count
}
