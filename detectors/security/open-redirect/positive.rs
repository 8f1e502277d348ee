use axum::extract::Query;
use axum::response::Redirect;

pub async fn login_done(Query(q): Query<Next>) -> Redirect {
    Redirect::to(&q.next) // expect: open-redirect
}

#[get("/go?<target>")]
pub fn go(target: String) -> Redirect {
    Redirect::to(target) // expect: open-redirect
}

#[get("/hop")]
async fn hop(info: web::Query<Next>) -> HttpResponse {
    HttpResponse::Found()
        .append_header(("Location", info.next.clone())) // expect: open-redirect
        .finish()
}
