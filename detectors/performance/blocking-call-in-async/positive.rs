use std::time::Duration;

pub async fn refresh(path: &str) -> std::io::Result<String> {
    std::thread::sleep(Duration::from_millis(10)); // expect: blocking-call-in-async
    std::fs::read_to_string(path) // expect: blocking-call-in-async
}
