use std::time::Duration;

fn header(buffer: &[u8], took: Duration) -> (u16, u32) {
    let size = buffer.len() as u16; // expect: truncating-cast
    let millis = took.as_millis() as u32; // expect: truncating-cast
    (size, millis)
}
