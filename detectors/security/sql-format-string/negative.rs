async fn find(pool: &sqlx::PgPool, name: &str) -> sqlx::Result<Vec<sqlx::postgres::PgRow>> {
    sqlx::query("SELECT * FROM users WHERE name = $1")
        .bind(name)
        .fetch_all(pool)
        .await
}

fn label(id: u32) -> String {
    format!("item {id}")
}
