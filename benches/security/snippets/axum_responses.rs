//! axum responses built from the request (HTML, redirects, logs), annotated for `benches/security/check.py`.
use axum::{extract::Query, response::Html, Json};
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Deserialize)]
pub struct Params {
    name: String,
}

pub async fn hello(Query(p): Query<Params>) -> Html<String> {
    // ruleid: xss
    Html(format!("<h1>Hello {}</h1>", p.name))
}

pub async fn redirect(Query(q): Query<HashMap<String, String>>) -> axum::response::Redirect {
    let to = q.get("to").cloned().unwrap_or_default();
    // ruleid: redirect
    axum::response::Redirect::to(&to)
}

pub async fn log_it(Json(body): Json<HashMap<String, String>>) {
    // ruleid: log
    log::info!("user said {}", body.get("msg").cloned().unwrap_or_default());
}
