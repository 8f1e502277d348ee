use std::sync::Mutex;

async fn save(_: u32) {}

async fn bump(state: &Mutex<u32>) {
    let mut count = state.lock().unwrap();
    *count += 1;
    save(*count).await; // expect: lock-across-await
}
