use axum::http::{HeaderValue, Method};
use tower_http::cors::{AllowOrigin, Any, CorsLayer};

pub fn layer() -> CorsLayer {
    CorsLayer::new()
        .allow_origin("https://app.example.com".parse::<HeaderValue>().unwrap())
        .allow_methods([Method::GET, Method::POST])
        .allow_headers(Any)
}

pub fn listed() -> CorsLayer {
    CorsLayer::new().allow_origin(AllowOrigin::list(["https://app.example.com".parse().unwrap()]))
}

pub fn actix() -> actix_cors::Cors {
    actix_cors::Cors::default().allowed_origin("https://app.example.com").allow_any_method()
}
