use axum::extract::Query;
use std::collections::HashMap;

pub async fn search(Query(params): Query<HashMap<String, String>>) -> String {
    let name = params.get("name").cloned().unwrap_or_default();
    let sql = format!("SELECT * FROM people WHERE name = '{}'", name); // expect: tainted-sql-string
    run_later(sql).await
}
