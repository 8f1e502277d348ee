fn total(items: &[u32]) -> u32 {
    dbg!(items.iter().sum()) // expect: debug-leftover
}
