use axum::extract::{Query, State};

pub async fn find(State(pool): State<PgPool>, Query(q): Query<Search>) -> Vec<User> {
    let sql = format!("SELECT * FROM users WHERE name = '{}'", q.name);
    sqlx::query_as::<_, User>(&sql).fetch_all(&pool).await.unwrap() // expect: sql-injection
}

pub async fn delete(pool: web::Data<Pool>, path: web::Path<String>) {
    let id = path.into_inner();
    let conn = pool.get().unwrap();
    conn.execute(&format!("DELETE FROM t WHERE id = {id}"), []).unwrap(); // expect: sql-injection
}

pub async fn count(body: String) -> i64 {
    let query = "SELECT count(*) FROM t WHERE tag = '".to_string() + &body + "'";
    sqlx::query_scalar(&query).fetch_one(&POOL).await.unwrap() // expect: sql-injection
}

fn by_tag(tag: &str) -> String {
    format!("SELECT * FROM t WHERE tag = '{tag}'")
}

pub async fn tagged(State(pool): State<PgPool>, Query(q): Query<Search>) -> Vec<User> {
    sqlx::query_as::<_, User>(&by_tag(&q.tag)).fetch_all(&pool).await.unwrap() // expect: sql-injection
}

pub async fn by_agent(State(pool): State<PgPool>, headers: axum::http::HeaderMap) -> usize {
    let agent = headers.get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    sqlx::query(&format!("SELECT id FROM visits WHERE agent = '{}'", agent)).fetch_all(&pool).await.map(|r| r.len()).unwrap_or(0) // expect: sql-injection
}

// SQL given whole by the operator is still SQL injection (reported low: local input).
pub async fn from_argv(pool: &PgPool) {
    let query = std::env::args().nth(1).unwrap_or_default();
    let unsafe_query = &query;
    let _ = sqlx::query(unsafe_query.as_str()).execute(pool).await; // expect: sql-injection
}

pub async fn mysql_lookup(Query(q): Query<Search>, pool: web::Data<mysql::Pool>) -> Option<String> {
    let mut conn = pool.get_conn().unwrap();
    conn.query_first(format!("SELECT name FROM users WHERE id = {}", q.id)).unwrap() // expect: sql-injection
}
