use axum::extract::Query;
use std::process::Command;

pub async fn convert(Query(params): Query<Params>) -> String {
    // An argument list without a shell: the value is one argument, never a command.
    let out = Command::new("convert").arg(&params.file).output();
    format!("{out:?}")
}

pub async fn resize(Path(width): Path<u32>) {
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("convert -resize {width} in.png out.png"))
        .status();
}

pub fn version() {
    let _ = Command::new("sh").arg("-c").arg("git describe --tags").status();
}

fn run_line(line: &str) {
    // Every call passes a constant, and nothing outside this file calls it.
    let _ = Command::new("sh").arg("-c").arg(line).status();
}

pub fn status() {
    run_line("git status");
}

pub async fn listing(Query(params): Query<Params>) {
    // No shell: `ls` gets the value as one argument.
    let mut cmd = Command::new("ls");
    cmd.arg("-c").arg(&params.dir);
    let _ = Command::new("bash").args(["-c", "git status"]).status();
    let _ = cmd.status();
}

fn output_file(cmd: &mut Command, file: &str) {
    cmd.arg("-o").arg(file);
}

fn fixed_line(cmd: &mut Command) {
    cmd.arg("-c").arg("uptime");
}

pub async fn run_tool(Query(params): Query<Params>) {
    let allowed = ["uptime", "df"];
    if allowed.contains(&params.target.as_str()) {
        let _ = Command::new(&params.target).status();
    }
    if params.target == "uptime" {
        let _ = Command::new(&params.target).status();
    }
}

pub async fn ping_known(axum::extract::Query(q): axum::extract::Query<Hosts>) -> usize {
    let _ = q;
    ["a.example", "b.example"]
        .iter()
        .map(|h| std::process::Command::new("ping").arg("-c1").arg(h).output())
        .count()
}

pub fn ping_listed() -> usize {
    let hosts = vec!["a.example".to_string(), "b.example".to_string()];
    hosts
        .iter()
        .map(|h| std::process::Command::new("sh").arg("-c").arg(format!("ping -c1 {}", h)).output())
        .count()
}
