use cookie::Cookie;

pub fn session_cookie() -> Cookie<'static> {
    Cookie::build(("session", "abcd1234")).http_only(true).build() // audit: cookie-without-secure
}

pub fn actix_cookie() -> actix_web::cookie::Cookie<'static> {
    actix_web::cookie::Cookie::build("name", "value").path("/").finish() // audit: cookie-without-secure
}
