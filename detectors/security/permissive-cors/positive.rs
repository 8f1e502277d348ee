use tower_http::cors::{AllowOrigin, Any, CorsLayer};

pub fn permissive() -> CorsLayer {
    CorsLayer::permissive() // expect: permissive-cors
}

pub fn very_permissive() -> CorsLayer {
    CorsLayer::very_permissive() // expect: permissive-cors
}

pub fn any_origin() -> CorsLayer {
    let a = CorsLayer::new().allow_origin(Any); // expect: permissive-cors
    let b = CorsLayer::new().allow_origin(tower_http::cors::Any); // expect: permissive-cors
    let _ = b;
    a.allow_origin(AllowOrigin::any()) // expect: permissive-cors
}

pub fn actix() -> actix_cors::Cors {
    actix_cors::Cors::default().allow_any_origin().allow_any_method() // expect: permissive-cors
}

pub fn actix_permissive() -> Cors {
    Cors::permissive() // expect: permissive-cors
}
