//! warp, axum and std::fs as their users write them, annotated for `benches/security/check.py`.
use axum::extract::Query;
use axum::response::Redirect;
use serde::Deserialize;
use std::collections::HashMap;
use warp::Filter;

#[derive(Deserialize)]
pub struct P {
    path: String,
    next: String,
}

pub async fn delete(Query(p): Query<P>) -> &'static str {
    // ruleid: path-traversal
    std::fs::remove_file(std::path::Path::new("/srv/uploads").join(&p.path)).ok();
    "deleted"
}

pub async fn bounce(Query(p): Query<P>) -> Redirect {
    // ruleid: open-redirect
    Redirect::permanent(&p.next)
}

pub async fn bounce_ok() -> Redirect {
    // ok: open-redirect
    Redirect::permanent("/home")
}

pub fn routes() -> impl Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    warp::path("hi")
        .and(warp::query::<HashMap<String, String>>())
        .map(|q: HashMap<String, String>| {
            let name = q.get("name").cloned().unwrap_or_default();
            // ruleid: reflected-xss
            warp::reply::html(format!("<h1>Hi {}</h1>", name))
        })
}
