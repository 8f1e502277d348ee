use regex::Regex;

fn numbers(lines: &[&str]) -> usize {
    let mut n = 0;
    for line in lines {
        if Regex::new(r"^\d+$").unwrap().is_match(line) { // expect: regex-in-loop
            n += 1;
        }
    }
    n
}
