use axum::extract::Query;
use std::collections::HashMap;

pub async fn proxy(Query(params): Query<HashMap<String, String>>) -> String {
    let service = params.get("service").cloned().unwrap_or_default();
    let url = format!("https://status.example.com/{}", service);
    fetch_text(&url).await
}
