use axum::extract::Query;
use std::process::Command;

pub async fn convert(Query(params): Query<Params>) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("convert {}", params.file)) // expect: command-injection
        .output();
    format!("{out:?}")
}

#[get("/ping/<host>")]
pub fn ping(host: &str) -> String {
    let line = format!("ping -c 1 {host}");
    let out = Command::new("bash").args(["-c"]).arg(&line).output(); // expect: command-injection
    format!("{out:?}")
}

pub fn run_tool() {
    let program = std::env::args().nth(1).unwrap_or_default();
    let _ = Command::new(program).status(); // expect: command-injection
}

pub fn run_line(line: &str) {
    let _ = Command::new("sh").arg("-c").arg(line).status(); // expect: command-injection
}

pub async fn archive(web::Json(job): web::Json<Job>) {
    let mut cmd = String::from("tar czf ");
    cmd.push_str(&job.target);
    let _ = Command::new("sh").arg("-c").arg(&cmd).status(); // expect: command-injection
}

pub fn from_terminal() {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).unwrap();
    let _ = Command::new("sh").arg("-c").arg(line.trim()).status(); // expect: command-injection
}

pub fn run_script(script: &str) {
    let _ = Command::new("bash").args(["-c", script]).status(); // expect: command-injection
}

pub async fn deploy(Query(params): Query<Params>) {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(format!("deploy {}", params.target)); // expect: command-injection
    let _ = cmd.status();
}

fn shell_line(cmd: &mut Command, line: &str) {
    cmd.arg("-c").arg(line); // expect: command-injection
}

pub async fn deploy_through_helper(Query(params): Query<Params>) {
    let mut cmd = Command::new("sh");
    shell_line(&mut cmd, &params.target); // expect: command-injection
    let _ = cmd.status();
}

pub async fn run_tool(Query(params): Query<Params>) {
    let allowed = ["uptime", "df"];
    if allowed.contains(&params.target.as_str()) {
        let _ = Command::new(&params.target).status();
    } else {
        let _ = Command::new(&params.target).arg("--help").status(); // expect: command-injection
    }
}

#[derive(serde::Deserialize)]
pub struct Hosts {
    hosts: Vec<String>,
}

// Each element of a list the request sent, handed to a closure.
pub async fn ping_all(axum::extract::Query(q): axum::extract::Query<Hosts>) -> usize {
    q.hosts
        .iter()
        .map(|h| std::process::Command::new("sh").arg("-c").arg(format!("ping -c1 {}", h)).output()) // expect: command-injection
        .count()
}

pub async fn ping_one(axum::extract::Query(q): axum::extract::Query<Params>) -> usize {
    let hosts = vec![q.host.clone()];
    hosts
        .iter()
        .map(|h| std::process::Command::new("sh").arg("-c").arg(format!("ping -c1 {}", h)).output()) // expect: command-injection
        .count()
}

pub fn commented_chain() {
    let script = reqwest::blocking::get("https://example.com/job").unwrap().text().unwrap_or_default();
    std::process::Command::new("bash")
        // the fetched job runs as given
        .args(&["-c", script.as_str()]) // expect: command-injection
        .output()
        .unwrap();
}
