use axum::extract::Form;
use std::collections::HashMap;

pub async fn login(Form(form): Form<HashMap<String, String>>) -> String {
    let user = form.get("user").cloned().unwrap_or_default();
    // Debug formatting escapes line breaks.
    log::warn!("failed login for {:?}", user);
    log::info!("login attempt");
    user
}

pub fn trace_request(request: http::Request<()>) {
    tracing::debug!("method {} is not allowed", request.method());
}

// The helper logs its argument, but every caller passes a constant.
fn log_event(what: &str) {
    log::info!("event: {}", what);
}

pub fn events() {
    log_event("startup");
    let status = reqwest::blocking::get("https://example.com/status").unwrap().status();
    log::info!("status {}", status.as_u16() as u32 + 0);
}
