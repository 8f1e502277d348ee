use std::sync::Mutex;

async fn save(_: u32) {}

async fn bump(state: &Mutex<u32>, shared: &tokio::sync::Mutex<u32>) {
    let value = {
        let mut count = state.lock().unwrap();
        *count += 1;
        *count
    };
    save(value).await;
    let guard = state.lock().unwrap();
    let copy = *guard;
    drop(guard);
    save(copy).await;
    let mut other = shared.lock().await;
    *other += 1;
    save(*other).await;
}
