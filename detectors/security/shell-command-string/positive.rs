use std::process::Command;

fn convert(input: &str) -> std::io::Result<std::process::ExitStatus> {
    Command::new("sh").arg("-c").arg(format!("convert {input} out.png")).status() // expect: shell-command-string
}

fn run(line: String) -> std::io::Result<std::process::ExitStatus> {
    Command::new("bash").args(["-c", &line]).status() // expect: shell-command-string
}
