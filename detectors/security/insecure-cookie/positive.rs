use actix_web::cookie::Cookie;

pub fn session_cookie(value: String) -> Cookie<'static> {
    Cookie::build("session", value)
        .secure(false) // expect: insecure-cookie
        .http_only(true)
        .finish()
}

pub fn remember(value: String) -> cookie::Cookie<'static> {
    let mut cookie = cookie::Cookie::new("remember", value);
    cookie.set_http_only(false); // expect: insecure-cookie
    cookie
}

pub fn visitor(value: String) -> cookie::Cookie<'static> {
    let mut c = cookie::Cookie::new("visitor", value);
    c.set_secure(false); // expect: insecure-cookie
    c
}

pub fn through_a_name() -> cookie::Cookie<'static> {
    let never = false;
    cookie::Cookie::build(("name", "value")).secure(never).build() // expect: insecure-cookie
}

// Another flag turned on later leaves this one off.
pub fn other_flag_later(value: String) -> cookie::Cookie<'static> {
    cookie::Cookie::build(("session", value)).secure(false).http_only(true).build() // expect: insecure-cookie
}
