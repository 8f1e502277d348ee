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
