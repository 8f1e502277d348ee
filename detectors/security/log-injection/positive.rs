use axum::extract::Form;
use std::collections::HashMap;

pub async fn login(Form(form): Form<HashMap<String, String>>) -> String {
    let user = form.get("user").cloned().unwrap_or_default();
    log::warn!("failed login for {}", user); // expect: log-injection
    tracing::info!("login attempt by {user}"); // expect: log-injection
    user
}

// A helper given argv logs it: found where it is logged (and where it is passed).
fn log_user_activity(user: &str) {
    log::info!("User activity: {}", user); // expect: log-injection
}

pub fn cli_main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    log_user_activity(&name); // expect: log-injection
    let info = UserInfo { name: name.clone() };
    log::info!("User info: {}", info.name); // expect: log-injection
    let body = reqwest::blocking::get("https://example.com/status").unwrap().text().unwrap_or_default();
    log::error!("status said {}", body); // expect: log-injection
}

struct UserInfo {
    name: String,
}

// Two calls away: the middle function logs too, and hands the value on.
fn audit_trail(who: &str) {
    log::info!("audit {}", who); // expect: log-injection
    log_user_activity(who);
}

pub fn cli_audit() {
    let who = std::env::var("WHO").unwrap_or_default();
    audit_trail(&who); // expect: log-injection
}
