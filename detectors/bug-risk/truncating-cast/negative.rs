use std::time::Duration;

fn header(buffer: &[u8], took: Duration) -> Option<(u32, u64, usize)> {
    let size = u32::try_from(buffer.len()).ok()?;
    let millis = u64::try_from(took.as_millis()).ok()?;
    Some((size, millis, buffer.len() as u32 as usize + took.as_nanos() as usize))
}
