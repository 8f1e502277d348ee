use cookie::Cookie;

pub fn secure_cookie() -> Cookie<'static> {
    Cookie::build(("session", "abcd1234")).secure(true).http_only(true).build()
}

pub fn partitioned_cookie() -> Cookie<'static> {
    Cookie::build(("name", "value")).partitioned(true).build()
}

pub fn not_a_cookie() -> reqwest::Client {
    reqwest::Client::builder().build().unwrap()
}
