fn same(a: &Item, b: &Item) -> bool {
    a.id == b.id
}
struct Item { id: u32 }
