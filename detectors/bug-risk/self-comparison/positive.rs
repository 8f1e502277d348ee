fn same(a: &Item, b: &Item) -> bool {
    a.id == a.id // expect: self-comparison
}
struct Item { id: u32 }
