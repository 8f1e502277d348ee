use std::sync::Arc;

pub struct Config {
    pub name: String,
}

pub fn send_all(config: &Config, items: &[u32], out: &mut Vec<(String, u32)>) {
    let name = config.name.clone();
    for item in items {
        out.push((String::new(), *item));
    }
    out.push((name, 0));
}

pub fn spawn_all(shared: Arc<Config>, count: usize) -> Vec<Arc<Config>> {
    let mut handles = Vec::new();
    for _ in 0..count {
        handles.push(Arc::clone(&shared));
        handles.push(shared.clone());
    }
    handles
}

pub fn names(items: &[String]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for item in items {
        out.push((item.clone(), item.len()));
    }
    out
}

pub struct Worker {
    pub state: Vec<u8>,
}

pub fn spawn_each(me: &Worker, jobs: u32) -> Vec<std::thread::JoinHandle<usize>> {
    let mut handles = Vec::new();
    for _ in 0..jobs {
        // Each spawned closure owns its copy: the clone cannot leave the loop.
        let state = me.state.clone();
        handles.push(std::thread::spawn(move || state.len()));
    }
    handles
}

pub fn frames(traces: &mut Vec<std::iter::Peekable<std::vec::IntoIter<String>>>) -> Vec<String> {
    let mut out = Vec::new();
    for trace in traces.iter_mut() {
        if let Some(frame) = trace.peek() {
            out.push(frame.clone());
        }
        match trace.next() {
            Some(next) => out.push(next.clone()),
            None => {}
        }
    }
    out
}

pub fn stored(config: &Config, items: &[u32], out: &mut Vec<(String, u32)>) {
    for item in items {
        out.push((config.name.clone(), *item));
    }
}

pub struct Hit {
    pub rule: String,
    pub line: u32,
}

pub fn hits(config: &Config, lines: &[u32]) -> Vec<Hit> {
    let mut out = Vec::new();
    for &line in lines {
        out.push(Hit {
            rule: config.name.clone(),
            line,
        });
    }
    out
}

pub fn changed(config: &Config, items: &[u32]) -> Vec<String> {
    let mut out = Vec::new();
    for item in items {
        let mut name = config.name.clone();
        name.push_str(&item.to_string());
        out.push(name);
    }
    out
}

pub fn first_long(config: &Config, items: &[u32]) -> Option<String> {
    for item in items {
        if *item > 3 {
            return Some(config.name.clone());
        }
    }
    None
}

pub fn inside(items: &[String]) -> usize {
    let mut total = 0;
    for item in items {
        total += item.clone().len();
    }
    total
}

fn drain(into: &mut Vec<u32>, from: &mut Vec<u32>) {
    into.append(from);
}

pub fn crossed(parts: &[u32], base: &Vec<u32>) -> Vec<u32> {
    let mut out = Vec::new();
    for _ in parts {
        // The callee empties what it is lent: the original must stay whole.
        drain(&mut out, &mut base.clone());
    }
    out
}
