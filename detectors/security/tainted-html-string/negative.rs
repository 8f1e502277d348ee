use axum::extract::Query;
use std::collections::HashMap;

pub async fn card(Query(params): Query<HashMap<String, String>>) -> String {
    let name = params.get("name").cloned().unwrap_or_default();
    let text = format!("card: {}", name);
    let fixed = format!("<div class=\"card\">{}</div>", "static");
    keep(text);
    keep(fixed);
    String::from("ok")
}

pub fn banner(name: &str) -> String {
    // A parameter: its callers decide.
    format!("<b>{}</b>", name)
}
