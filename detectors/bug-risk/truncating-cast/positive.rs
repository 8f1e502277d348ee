use std::time::Duration;

fn header(buffer: &[u8], took: Duration) -> (u16, u32) {
    let size = buffer.len() as u16; // expect: truncating-cast
    let millis = took.as_millis() as u32; // expect: truncating-cast
    (size, millis)
}

fn checksum(total: u64, offset: i64) -> (u8, i32) {
    let low = total as u8; // expect: truncating-cast
    let count: usize = 70_000;
    let tag = count as u16; // expect: truncating-cast
    let _ = tag;
    (low, offset as i32) // expect: truncating-cast
}
