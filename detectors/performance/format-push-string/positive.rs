fn render(rows: &[u32]) -> String {
    let mut out = String::new();
    for row in rows {
        out.push_str(&format!("{row}\n")); // expect: format-push-string
    }
    out += &format!("{} rows", rows.len()); // expect: format-push-string
    out
}
