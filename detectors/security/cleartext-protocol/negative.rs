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

pub fn formatted_hosts(host: &str, id: u32) {
    // The host is filled in: it may well be this machine.
    let _ = reqwest::blocking::get(format!("http://{host}/items/{id}"));
    let url = format!("http://{}:8080/health", host);
    let _ = reqwest::blocking::get(&url);
    let _ = reqwest::blocking::get(format!("http://localhost:{}/x", id));
    let _ = reqwest::blocking::get(format!("https://api.example.com/items/{id}"));
}
