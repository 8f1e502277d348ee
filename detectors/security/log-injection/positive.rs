use axum::extract::Form;
use std::collections::HashMap;

pub async fn login(Form(form): Form<HashMap<String, String>>) -> String {
    let user = form.get("user").cloned().unwrap_or_default();
    log::warn!("failed login for {}", user); // expect: log-injection
    tracing::info!("login attempt by {user}"); // expect: log-injection
    user
}
