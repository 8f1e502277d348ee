fn ready(items: &[(bool, u32)]) -> (usize, Vec<u32>) {
    let ids: Vec<u32> = items.iter().map(|i| i.1).collect();
    (items.iter().filter(|i| i.0).count(), ids)
}
