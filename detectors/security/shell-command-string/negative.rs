use std::process::Command;

fn convert(input: &str) -> std::io::Result<std::process::ExitStatus> {
    Command::new("convert").arg(input).arg("out.png").status()
}

fn clean() -> std::io::Result<std::process::ExitStatus> {
    Command::new("sh").arg("-c").arg("rm -rf target/tmp").status()
}
