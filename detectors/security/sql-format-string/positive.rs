async fn find(pool: &sqlx::PgPool, name: &str) -> sqlx::Result<Vec<sqlx::postgres::PgRow>> {
    sqlx::query(&format!("SELECT * FROM users WHERE name = '{name}'")) // expect: sql-format-string
        .fetch_all(pool)
        .await
}

fn remove(conn: &rusqlite::Connection, id: &str) -> rusqlite::Result<usize> {
    conn.execute(&format!("DELETE FROM t WHERE id = {id}"), []) // expect: sql-format-string
}
