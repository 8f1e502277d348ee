// A loose file with no crate around it is not a library either.
fn read_config(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}
