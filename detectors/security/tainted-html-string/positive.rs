use axum::extract::Query;
use std::collections::HashMap;

pub async fn card(Query(params): Query<HashMap<String, String>>) -> String {
    let name = params.get("name").cloned().unwrap_or_default();
    let html = format!("<div class=\"card\">{}</div>", name); // expect: tainted-html-string
    keep(html.clone());
    String::from("ok")
}
