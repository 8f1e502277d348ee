use axum::extract::{Query, State};

pub async fn find(State(pool): State<PgPool>, Query(q): Query<Search>) -> Vec<User> {
    sqlx::query_as::<_, User>("SELECT * FROM users WHERE name = $1")
        .bind(&q.name)
        .fetch_all(&pool)
        .await
        .unwrap()
}

pub async fn page(Path(page): Path<i64>) -> Vec<User> {
    let sql = format!("SELECT * FROM users LIMIT 10 OFFSET {}", page * 10);
    sqlx::query_as::<_, User>(&sql).fetch_all(&POOL).await.unwrap()
}

pub fn remove(conn: &Connection, id: &str) {
    conn.execute("DELETE FROM t WHERE id = ?1", [id]).unwrap();
}

fn by_tag(_tag: &str) -> String {
    "SELECT * FROM t WHERE tag = $1".to_string()
}

pub async fn tagged(State(pool): State<PgPool>, Query(q): Query<Search>) -> Vec<User> {
    sqlx::query_as::<_, User>(&by_tag(&q.tag)).bind(&q.tag).fetch_all(&pool).await.unwrap()
}

#[derive(serde::Deserialize)]
pub struct Paging {
    page: u32,
    size: Option<u32>,
}

pub async fn listing(Query(paging): Query<Paging>) -> Vec<User> {
    let sql = format!(
        "SELECT * FROM users LIMIT {} OFFSET {}",
        paging.size.unwrap_or(10),
        paging.page * 10
    );
    sqlx::query_as::<_, User>(&sql).fetch_all(&POOL).await.unwrap()
}

pub async fn by_agent(State(pool): State<PgPool>, headers: axum::http::HeaderMap) -> usize {
    let agent = headers.get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    sqlx::query("SELECT id FROM visits WHERE agent = $1").bind(agent).fetch_all(&pool).await.map(|r| r.len()).unwrap_or(0)
}

pub async fn mysql_lookup(Query(q): Query<Search>, pool: web::Data<mysql::Pool>) -> Option<String> {
    let mut conn = pool.get_conn().unwrap();
    conn.exec_first("SELECT name FROM users WHERE id = ?", (q.id,)).unwrap()
}
