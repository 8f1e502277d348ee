pub fn fetch_secure() -> String {
    let report = reqwest::blocking::get("https://reports.example.com/today").unwrap();
    report.text().unwrap_or_default()
}

pub fn local_services() {
    let _ = reqwest::blocking::get("http://localhost:8080/health");
    let _ = reqwest::blocking::get("http://127.0.0.1:3000/test");
    let _ = reqwest::blocking::get("http://192.168.1.100/internal");
    let _ = reqwest::blocking::get("http://[::1]:8080/api");
    let _ = std::collections::HashMap::<String, String>::new().get("http://example.com");
}

const HEALTH: &str = "http://localhost:9000/health";

pub fn names_for_secure_or_local_urls(flag: bool) {
    let url = "https://example.com/data";
    let _ = reqwest::blocking::get(url);
    let _ = reqwest::blocking::get(HEALTH);
    // Sometimes https: the name is not bound only to a cleartext URL.
    let either = if flag { "http://example.com/a" } else { "https://example.com/a" };
    let _ = reqwest::blocking::get(either);
}
