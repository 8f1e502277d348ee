//! How much memory this process holds, read from `/proc/self/status` (Linux; `None` elsewhere).

/// Resident memory of this process now (Linux), in MiB.
pub fn rss_mib() -> Option<f64> {
    status_mib("VmRSS:")
}

/// Peak resident memory of this process (Linux), in MiB.
pub fn peak_rss_mib() -> Option<f64> {
    status_mib("VmHWM:")
}

/// A memory figure of `/proc/self/status` (given in KiB), in MiB.
fn status_mib(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}
