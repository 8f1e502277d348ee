pub struct Config {
    pub name: String,
}

pub fn send_all(config: &Config, items: &[u32], out: &mut Vec<(String, u32)>) {
    for item in items {
        out.push((config.name.clone(), *item)); // expect: clone-in-loop
    }
}
