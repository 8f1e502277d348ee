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
