//! Writes a report.

use std::fs::File;

pub fn report() -> std::io::Result<File> {
    let dir = std::env::temp_dir();
    File::create(dir.join("report.txt"))
}
