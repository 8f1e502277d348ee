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

#[actix_web::get("/hello/{name}")]
pub async fn hello_actix(path: actix_web::web::Path<String>) -> impl actix_web::Responder {
    let name = path.into_inner();
    actix_web::web::Html::new(format!("<h1>Hello, {name}!</h1>")) // expect: reflected-xss
}

pub async fn member(Path((team, user)): Path<(String, String)>) -> axum::response::Html<String> {
    axum::response::Html(format!("<h1>{} of {}</h1>", user, team)) // expect: reflected-xss
}

pub fn warp_routes() -> impl warp::Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    use warp::Filter;
    warp::path("hi")
        .and(warp::query::<std::collections::HashMap<String, String>>())
        .map(|q: std::collections::HashMap<String, String>| {
            warp::reply::html(format!("<h1>Hi {}</h1>", q["name"])) // expect: reflected-xss
        })
}

pub fn warp_echo() -> impl warp::Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    use warp::Filter;
    warp::query::<std::collections::HashMap<String, String>>().map(|q: std::collections::HashMap<String, String>| {
        let name = q.get("name").cloned().unwrap_or_default();
        warp::reply::html(name) // expect: reflected-xss
    })
}
