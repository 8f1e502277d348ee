use actix_web::cookie::Cookie;

pub fn session_cookie(value: String) -> Cookie<'static> {
    Cookie::build("session", value)
        .secure(true)
        .http_only(true)
        .finish()
}

pub fn client() -> Client {
    // Not a cookie: a connection setting of another builder.
    Client::builder().secure(false).build()
}

pub fn visitor(value: String) -> cookie::Cookie<'static> {
    let mut c = cookie::Cookie::new("visitor", value);
    c.set_secure(true);
    c.set_http_only(true);
    c
}

pub fn last_call_decides(flag: bool) -> cookie::Cookie<'static> {
    let always = true;
    let _ = cookie::Cookie::build(("a", "b")).secure(always).build();
    let _ = cookie::Cookie::build(("a", "b")).secure(flag).build();
    cookie::Cookie::build(("name", "value")).secure(false).secure(true).build()
}

pub fn http_only_turned_back_on() -> cookie::Cookie<'static> {
    cookie::Cookie::build(("name", "value")).http_only(false).http_only(true).build()
}
