pub fn text(bytes: &[u8]) -> &str {
    // SAFETY: callers pass bytes taken from a `String`, which is always UTF-8.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

pub struct Handle(*mut u8);

// SAFETY: the pointer is owned by `Handle` and only touched behind `&mut self`,
// so moving it to another thread cannot create a second writer.
unsafe impl Send for Handle {}

pub fn first(values: &[u32]) -> u32 {
    unsafe {
        // SAFETY: `values` is never empty; the constructor checks it.
        *values.get_unchecked(0)
    }
}

/// # Safety
/// `ptr` must point to a live `u32`.
pub unsafe fn read(ptr: *const u32) -> u32 {
    unsafe { *ptr }
}

pub fn second(values: &[u32]) -> u32 {
    // The length was checked by the caller, so index 1 is in bounds.
    unsafe { *values.get_unchecked(1) }
}

/// # Safety
/// Every pointer in `ptrs` must point to a live `u32`.
pub unsafe fn sum(ptrs: &[*const u32]) -> u32 {
    ptrs.iter().map(|&ptr| unsafe { *ptr }).sum()
}
