use std::time::Duration;

fn header(buffer: &[u8], took: Duration) -> Option<(u32, u64, usize)> {
    let size = u32::try_from(buffer.len()).ok()?;
    let millis = u64::try_from(took.as_millis()).ok()?;
    Some((size, millis, buffer.len() as u32 as usize + took.as_nanos() as usize))
}

fn widen(small: u8, index: u32, signed: i32) -> (u64, usize, u32, u8) {
    // Widening, a sign change of one width, and a truncation the code spells out.
    let wide = small as u64;
    let at = index as usize;
    let bits = signed as u32;
    let big: u64 = 1 << 40;
    let byte = (big >> 32) as u8;
    (wide, at, bits, byte)
}

fn shadowed(n: u64) -> u8 {
    // `n` is rebound as a byte before the cast.
    let n: u8 = n.to_le_bytes()[0];
    n as u8
}

fn nested(outer: u64) -> u8 {
    fn inner(outer: u8) -> u8 {
        outer as u8
    }
    inner(outer.to_le_bytes()[0])
}

fn checked(max: usize, value: i64) -> Option<(u8, i32)> {
    // Bounds compared before the cast.
    if max > u8::MAX as usize || !(0..=i32::MAX as i64).contains(&value) {
        return None;
    }
    Some((max as u8, value as i32))
}

fn halves(seed: u64) -> (u32, u32) {
    // The value taken apart on purpose: its high half beside its low one.
    ((seed >> 32) as u32, seed as u32)
}

fn ranged(value: i64, minutes: u64) -> Option<(i32, u8)> {
    // The value's range checked first.
    if !(0..100).contains(&value) || minutes >= 60 {
        return None;
    }
    Some((value as i32, minutes as u8))
}
