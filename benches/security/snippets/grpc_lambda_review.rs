//! tonic and lambda_runtime handlers as their users write them, annotated for `benches/security/check.py`.
use lambda_runtime::{service_fn, Error, LambdaEvent};
use serde_json::Value;
use tonic::{Request, Response, Status};

pub struct Svc;

pub struct RunRequest {
    pub cmd: String,
}

impl Svc {
    pub async fn run(&self, request: Request<RunRequest>) -> Result<Response<String>, Status> {
        let req = request.into_inner();
        // ruleid: command-injection
        let out = std::process::Command::new("sh").arg("-c").arg(&req.cmd).output().unwrap();
        Ok(Response::new(String::from_utf8_lossy(&out.stdout).into_owned()))
    }
}

async fn handler(event: LambdaEvent<Value>) -> Result<Value, Error> {
    let path = event.payload["path"].as_str().unwrap_or_default().to_string();
    // ruleid: path-traversal
    let body = std::fs::read_to_string(format!("/var/task/data/{}", path))?;
    Ok(Value::String(body))
}

pub async fn main_lambda() -> Result<(), Error> {
    lambda_runtime::run(service_fn(handler)).await
}
