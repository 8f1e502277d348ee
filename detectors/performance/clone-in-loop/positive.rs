pub struct Config {
    pub name: String,
    pub names: Vec<u32>,
}

fn send(name: &str, item: u32) -> usize {
    name.len() + item as usize
}

pub fn send_all(config: &Config, items: &[u32]) -> usize {
    let mut total = 0;
    for item in items {
        total += send(&config.name.clone(), *item); // expect: clone-in-loop
        if config.names.clone().contains(item) { // expect: clone-in-loop
            total += 1;
        }
        if config.name.clone() == "x" { // expect: clone-in-loop
            total += 1;
        }
    }
    total
}
