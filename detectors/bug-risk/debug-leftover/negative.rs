fn total(items: &[u32]) -> u32 {
    items.iter().sum()
}
