use axum::extract::Query;
use std::collections::HashMap;

pub async fn proxy(Query(params): Query<HashMap<String, String>>) -> String {
    let host = params.get("host").cloned().unwrap_or_default();
    let url = format!("https://{}/status", host); // expect: tainted-url-host
    fetch_text(&url).await
}
