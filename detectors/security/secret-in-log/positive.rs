use log::{debug, info};

pub fn login(user: &User, password: &str) {
    info!("login for {} with {}", user.name, password); // expect: secret-in-log
    debug!("stored {}", user.api_key); // expect: secret-in-log
    tracing::warn!(access_token = %user.token, "refresh failed"); // expect: secret-in-log
    log::error!("bad secret {client_secret}", client_secret = user.client_secret); // expect: secret-in-log
}

pub fn inline(password: &str) {
    info!("trying {password}"); // expect: secret-in-log
}
