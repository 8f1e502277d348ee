use std::time::Duration;

pub fn refresh(path: &str) -> std::io::Result<String> {
    std::thread::sleep(Duration::from_millis(10));
    std::fs::read_to_string(path)
}

pub async fn offload(path: String) -> std::io::Result<String> {
    run_blocking(move || std::fs::read_to_string(path)).await
}

async fn run_blocking<F: FnOnce() -> std::io::Result<String>>(f: F) -> std::io::Result<String> {
    f()
}

mod fs {
    pub async fn read(_path: &str) -> std::io::Result<Vec<u8>> {
        Ok(Vec::new())
    }
}

pub async fn load(path: &str) -> std::io::Result<Vec<u8>> {
    fs::read(path).await
}
