//! axum and actix-web services with closure handlers, tuple paths, headers and HTML, as a review would read them.
use actix_web::{web, HttpResponse};
use axum::extract::{Form, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, Redirect};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use sqlx::PgPool;

#[derive(Deserialize)]
pub struct Next {
    next: String,
}

#[derive(Deserialize)]
pub struct Comment {
    author: String,
    body: String,
}

pub async fn login_done(Query(q): Query<Next>) -> Redirect {
    // ruleid: open-redirect
    Redirect::to(&q.next)
}

pub async fn login_home(Query(_q): Query<Next>) -> Redirect {
    // ok: open-redirect
    Redirect::to("/home")
}

pub async fn greet(Path((team, user)): Path<(String, String)>) -> Html<String> {
    // ruleid: reflected-xss
    Html(format!("<h1>{} of {}</h1>", user, team))
}

pub async fn comment(State(pool): State<PgPool>, Form(c): Form<Comment>) -> HttpResponse {
    let sql = format!("INSERT INTO comments (author, body) VALUES ('{}', '{}')", c.author, c.body);
    // ruleid: sql-injection
    sqlx::query(&sql).execute(&pool).await.ok();
    HttpResponse::Created().finish()
}

pub async fn by_agent(State(pool): State<PgPool>, headers: HeaderMap) -> String {
    let agent = headers.get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    // ruleid: sql-injection
    let rows = sqlx::query(&format!("SELECT id FROM visits WHERE agent = '{}'", agent)).fetch_all(&pool).await;
    format!("{}", rows.map(|r| r.len()).unwrap_or(0))
}

pub fn app(pool: PgPool) -> Router {
    Router::new()
        .route(
            "/echo",
            get(|Query(q): Query<Next>| async move {
                // ruleid: reflected-xss
                Html(format!("<p>{}</p>", q.next))
            }),
        )
        .route(
            "/run",
            post(|Form(c): Form<Comment>| async move {
                // ruleid: command-injection
                let out = std::process::Command::new("sh").arg("-c").arg(&c.body).output();
                format!("{}", out.is_ok())
            }),
        )
        .with_state(pool)
}

pub fn config(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/files",
        web::get().to(|q: web::Query<Next>| async move {
            // ruleid: path-traversal
            match std::fs::read(format!("/srv/files/{}", q.next)) {
                Ok(bytes) => HttpResponse::Ok().body(bytes),
                Err(_) => HttpResponse::NotFound().finish(),
            }
        }),
    );
}
