pub fn fetch_report() -> String {
    let report = reqwest::blocking::get("http://reports.example.com/today").unwrap(); // expect: cleartext-protocol
    report.text().unwrap_or_default()
}

pub async fn post_login() {
    let _ = reqwest::post("http://api.example.com/login").await; // expect: cleartext-protocol
}
