use axum::extract::Query;
use axum::response::Html;

pub async fn hello(Query(q): Query<Greeting>) -> Html<String> {
    let name = html_escape::encode_text(&q.name);
    Html(format!("<h1>Hello, {name}!</h1>"))
}

pub async fn count(Path(n): Path<u32>) -> Html<String> {
    Html(format!("<p>{n} items</p>"))
}

pub async fn plain(Query(q): Query<Greeting>) -> String {
    format!("Hello, {}", q.name)
}

async fn escaped(Query(params): Query<HashMap<String, String>>) -> Html<String> {
    let name = params.get("name").cloned().unwrap_or_default();
    Html(format!("<h1>{}</h1>", html_escape::encode_text(&name)))
}

#[actix_web::get("/hello/{name}")]
pub async fn hello_actix(path: actix_web::web::Path<String>) -> impl actix_web::Responder {
    let name = html_escape::encode_text(&path.into_inner()).to_string();
    actix_web::web::Html::new(format!("<h1>Hello, {name}!</h1>"))
}

pub async fn member(Path((team, id)): Path<(String, u32)>) -> axum::response::Html<String> {
    let _ = team;
    axum::response::Html(format!("<h1>member {}</h1>", id))
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[actix_web::get("/good/{a}")]
async fn greet_escaped(path: actix_web::web::Path<String>) -> impl actix_web::Responder {
    let name = html_escape(&path.into_inner());
    actix_web::web::Html::new(format!("<h1>Hello, {}!</h1>", name))
}

pub fn warp_routes() -> impl warp::Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    use warp::Filter;
    warp::path("hi").map(|| warp::reply::html(format!("<h1>Hi {}</h1>", "there")))
}
