use axum::extract::Query;

pub async fn weather(Query(q): Query<Weather>) -> String {
    let client = reqwest::Client::new();
    client
        .get("https://api.weather.example/v1/today")
        .query(&[("city", &q.city)])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

pub async fn item(Path(id): Path<u32>) -> String {
    reqwest::get(format!("https://api.example.com/items/{id}")).await.unwrap().text().await.unwrap()
}

// The host is fixed before the request's value: it picks a path on that host only.
#[poem::handler]
async fn resource(poem::web::Query(name): poem::web::Query<String>) -> String {
    let url = format!("https://hostname.com/resource/{}", name);
    reqwest::get(&url).await.map(|_| String::new()).unwrap_or_default()
}
