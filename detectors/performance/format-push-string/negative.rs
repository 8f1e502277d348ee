use std::fmt::Write;

fn render(rows: &[u32]) -> String {
    let mut out = String::new();
    for row in rows {
        let _ = writeln!(out, "{row}");
    }
    out.push_str("done");
    out
}
