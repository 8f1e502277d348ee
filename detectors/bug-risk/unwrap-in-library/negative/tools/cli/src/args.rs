// A program's own modules: a panic ends the program that chose to panic.
pub fn port(text: Option<&str>) -> Option<u16> {
    Some(text?.parse().unwrap())
}
