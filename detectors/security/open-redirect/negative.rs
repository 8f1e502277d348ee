use axum::extract::Query;
use axum::response::Redirect;

pub async fn login_done(Query(q): Query<Next>) -> Redirect {
    if ALLOWED.contains(&q.next.as_str()) {
        return Redirect::to(&q.next);
    }
    Redirect::to("/")
}

pub async fn item(Path(id): Path<u64>) -> Redirect {
    Redirect::to(&format!("/items/{id}"))
}

#[get("/hop")]
async fn hop(info: web::Query<Next>) -> HttpResponse {
    HttpResponse::Ok()
        .append_header(("X-Next", info.next.clone()))
        .finish()
}
