use axum::extract::Query;

pub async fn preview(Query(q): Query<Preview>) -> String {
    let body = reqwest::get(&q.url).await.unwrap().text().await.unwrap(); // expect: ssrf
    body
}

pub async fn proxy(State(client): State<reqwest::Client>, Json(req): Json<Proxy>) -> String {
    let url = format!("http://{}/status", req.host);
    client.get(url).send().await.unwrap().text().await.unwrap() // expect: ssrf
}

// The operator's environment names the endpoint: only a review sees it.
pub async fn report() -> String {
    let endpoint = std::env::var("REPORT_URL").unwrap();
    reqwest::get(&endpoint).await.unwrap().text().await.unwrap() // audit: ssrf
}

// Only the scheme is fixed: the request still names the host.
#[poem::handler]
async fn proxied(poem::web::Query(host): poem::web::Query<String>) -> String {
    let url = format!("https://{}/resource", host);
    reqwest::get(&url).await.map(|_| String::new()).unwrap_or_default() // expect: ssrf
}
