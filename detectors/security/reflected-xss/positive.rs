use axum::extract::Query;
use axum::response::Html;

pub async fn hello(Query(q): Query<Greeting>) -> Html<String> {
    Html(format!("<h1>Hello, {}!</h1>", q.name)) // expect: reflected-xss
}

#[get("/search")]
pub async fn search(query: web::Query<Search>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(format!("<p>No results for {}</p>", query.term)) // expect: reflected-xss
}
