fn ready(items: &[(bool, u32)]) -> usize {
    items.iter().filter(|i| i.0).collect::<Vec<_>>().len() // expect: needless-collect
}
