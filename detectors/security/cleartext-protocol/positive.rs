pub fn fetch_report() -> String {
    let report = reqwest::blocking::get("http://reports.example.com/today").unwrap(); // expect: cleartext-protocol
    report.text().unwrap_or_default()
}

pub async fn post_login() {
    let _ = reqwest::post("http://api.example.com/login").await; // expect: cleartext-protocol
}

const FEED: &str = "http://feeds.example.com/latest";

pub fn through_names() {
    let url = "http://example.com/sensitive-data";
    let _ = reqwest::blocking::get(url); // expect: cleartext-protocol
    let _ = reqwest::blocking::get(FEED); // expect: cleartext-protocol
    let _ = ureq::get(&url); // expect: cleartext-protocol
}

pub fn formatted(id: u32) {
    let _ = reqwest::blocking::get(format!("http://api.example.com/items/{id}")); // expect: cleartext-protocol
    let url = format!("http://api.example.com/users/{}", id);
    let _ = reqwest::blocking::get(&url); // expect: cleartext-protocol
}
