use axum::extract::Query;
use std::collections::HashMap;

pub async fn search(Query(params): Query<HashMap<String, String>>) -> String {
    let name = params.get("name").cloned().unwrap_or_default();
    let sql = "SELECT * FROM people WHERE name = $1";
    let label = format!("Selected from the list: {}", name);
    run_later(sql, &name, label).await
}
