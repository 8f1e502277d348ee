//! MCP over stdio, with every line answered. rmcp drops a line it cannot decode (invalid
//! JSON or UTF-8, a line over its length limit) with only a log line, so a client would
//! wait forever; and it answers a request it cannot type without its `id`. Each line is
//! therefore checked here first: a well-formed JSON-RPC message goes on to rmcp, anything
//! else gets its JSON-RPC error response (`-32700` parse error, `-32600` invalid request,
//! `-32602` invalid params) here. rmcp's answers and ours reach stdout through one writer,
//! a whole line at a time.

use std::sync::Arc;

use anyhow::Context;
use rmcp::ServiceExt;
use serde_json::{Value, json};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use crate::mcp::Server;
use crate::tools::Workspace;

/// Longest line read, as rmcp's own limit: a longer one is answered, not forwarded.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

pub async fn serve_stdio(ws: Arc<Workspace>) -> anyhow::Result<()> {
    let (mut to_server, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, from_server) = tokio::io::duplex(1 << 16);
    let (answers, answered) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(write_lines(
        BufReader::new(from_server),
        answered,
        tokio::io::stdout(),
    ));
    let reader = tokio::spawn(async move {
        let mut stdin = BufReader::new(tokio::io::stdin());
        while let Some(line) = read_line(&mut stdin, MAX_LINE).await? {
            match check(&line) {
                Ok(()) => {
                    to_server.write_all(line_bytes(&line)).await?;
                    to_server.write_all(b"\n").await?;
                }
                Err(answer) => {
                    let _ = answers.send(answer.to_string());
                }
            }
        }
        to_server.shutdown().await?;
        anyhow::Ok(())
    });
    let service = Server::new(ws).serve((server_in, server_out)).await?;
    service.waiting().await?;
    reader.abort();
    writer.await.context("the stdout writer")??;
    Ok(())
}

/// A line as read: its bytes, or how long it was when over the limit.
enum Line {
    Bytes(Vec<u8>),
    TooLong(usize),
}

fn line_bytes(line: &Line) -> &[u8] {
    match line {
        Line::Bytes(bytes) => bytes,
        Line::TooLong(_) => &[],
    }
}

/// The next line without its end, keeping at most `limit` bytes of it; `None` at the end
/// of the input.
async fn read_line(
    input: &mut (impl AsyncBufRead + Unpin),
    limit: usize,
) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut length = 0;
    loop {
        let buffer = input.fill_buf().await?;
        if buffer.is_empty() {
            return Ok((length > 0).then(|| finish(bytes, length, limit)));
        }
        let (taken, ended) = match memchr::memchr(b'\n', buffer) {
            Some(at) => (at, true),
            None => (buffer.len(), false),
        };
        if length + taken <= limit {
            bytes.extend_from_slice(&buffer[..taken]);
        }
        length += taken;
        input.consume(taken + usize::from(ended));
        if ended {
            return Ok(Some(finish(bytes, length, limit)));
        }
    }
}

fn finish(mut bytes: Vec<u8>, length: usize, limit: usize) -> Line {
    if length > limit {
        return Line::TooLong(length);
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Line::Bytes(bytes)
}

/// `Ok` for a line (without its end) that rmcp can take; otherwise the error response it
/// is owed.
pub fn check_line(line: &[u8]) -> Result<(), Value> {
    check(&Line::Bytes(line.to_vec()))
}

/// `Ok` for a line rmcp can take; otherwise the error response it is owed.
fn check(line: &Line) -> Result<(), Value> {
    let bytes = match line {
        Line::TooLong(length) => {
            return Err(error(
                Value::Null,
                -32700,
                &format!("a line of {length} bytes, over the limit of {MAX_LINE}"),
            ));
        }
        Line::Bytes(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => return Ok(()),
        Line::Bytes(bytes) => bytes,
    };
    let message: Value = serde_json::from_slice(bytes)
        .map_err(|e| error(Value::Null, -32700, &format!("parse error: {e}")))?;
    let Value::Object(object) = &message else {
        return Err(error(
            Value::Null,
            -32600,
            "invalid request: a JSON-RPC message is an object (batches are not supported)",
        ));
    };
    let id = match object.get("id") {
        None | Some(Value::Null) => None,
        Some(id @ Value::String(_)) => Some(id.clone()),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => object.get("id").cloned(),
        Some(_) => {
            return Err(error(
                Value::Null,
                -32600,
                "invalid request: `id` must be a string or an integer",
            ));
        }
    };
    let answer_to = id.clone().unwrap_or(Value::Null);
    if object.get("jsonrpc") != Some(&json!("2.0")) {
        return Err(error(
            answer_to,
            -32600,
            "invalid request: `jsonrpc` must be \"2.0\"",
        ));
    }
    match object.get("method") {
        Some(Value::String(method)) => check_params(method, object.get("params"), answer_to),
        Some(_) => Err(error(
            answer_to,
            -32600,
            "invalid request: `method` must be a string",
        )),
        // A response to a request of ours (no method): it needs its id and an outcome.
        None if id.is_some() && (object.contains_key("result") || object.contains_key("error")) => {
            Ok(())
        }
        None => Err(error(answer_to, -32600, "invalid request: no `method`")),
    }
}

/// The parameters rmcp would refuse as an unknown method rather than as invalid params.
fn check_params(method: &str, params: Option<&Value>, id: Value) -> Result<(), Value> {
    match params {
        None | Some(Value::Object(_)) => {}
        Some(_) => {
            return Err(error(
                id,
                -32602,
                "invalid params: `params` must be an object",
            ));
        }
    }
    if method == "tools/call"
        && !params
            .and_then(|p| p.get("name"))
            .is_some_and(Value::is_string)
    {
        return Err(error(
            id,
            -32602,
            "invalid params: tools/call needs a `name`",
        ));
    }
    Ok(())
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Copies rmcp's lines and our answers to `out`, each line whole, until rmcp's output ends.
async fn write_lines(
    mut from_server: impl AsyncBufRead + Unpin,
    mut answers: mpsc::UnboundedReceiver<String>,
    mut out: impl AsyncWrite + Unpin,
) -> anyhow::Result<()> {
    let mut line = Vec::new();
    loop {
        tokio::select! {
            read = from_server.read_until(b'\n', &mut line) => {
                if read? == 0 {
                    break;
                }
                out.write_all(&line).await?;
                line.clear();
            }
            Some(answer) = answers.recv() => {
                out.write_all(answer.as_bytes()).await?;
                out.write_all(b"\n").await?;
            }
        }
        out.flush().await?;
    }
    while let Ok(answer) = answers.try_recv() {
        out.write_all(answer.as_bytes()).await?;
        out.write_all(b"\n").await?;
    }
    out.flush().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(text: &str) -> Result<(), Value> {
        check(&Line::Bytes(text.as_bytes().to_vec()))
    }

    fn code(answer: Result<(), Value>) -> (i64, Value) {
        let answer = answer.expect_err("an error response");
        (
            answer["error"]["code"].as_i64().unwrap_or(0),
            answer["id"].clone(),
        )
    }

    #[test]
    fn each_malformed_line_gets_its_error_response() {
        assert!(checked(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#).is_ok());
        assert!(checked(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).is_ok());
        assert!(checked(r#"{"jsonrpc":"2.0","id":"a","result":{}}"#).is_ok());
        assert_eq!(code(checked("{not json")), (-32700, Value::Null));
        assert_eq!(
            code(checked(r#"{"jsonrpc":"2.0","id":1e400,"method":"x"}"#)).0,
            -32700
        );
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(code(checked(&deep)), (-32700, Value::Null));
        assert_eq!(code(checked("[]")), (-32600, Value::Null));
        assert_eq!(
            code(checked(r#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#)),
            (-32600, Value::Null)
        );
        assert_eq!(
            code(checked(r#"{"id":7,"method":"x"}"#)),
            (-32600, json!(7))
        );
        assert_eq!(
            code(checked(r#"{"jsonrpc":"2.0","id":7}"#)),
            (-32600, json!(7))
        );
        assert_eq!(
            code(checked(
                r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{}}"#
            )),
            (-32602, json!(3))
        );
        assert_eq!(
            code(check(&Line::Bytes(vec![b'"', 0xff, b'"']))),
            (-32700, Value::Null)
        );
        assert_eq!(
            code(check(&Line::TooLong(MAX_LINE + 1))),
            (-32700, Value::Null)
        );
    }

    #[tokio::test]
    async fn long_lines_are_measured_not_kept() {
        let input = format!("{}\nshort\r\nlast", "x".repeat(100));
        let mut reader = BufReader::with_capacity(8, input.as_bytes());
        assert!(matches!(
            read_line(&mut reader, 10).await,
            Ok(Some(Line::TooLong(100)))
        ));
        assert!(
            matches!(read_line(&mut reader, 10).await, Ok(Some(Line::Bytes(b))) if b == b"short")
        );
        assert!(
            matches!(read_line(&mut reader, 10).await, Ok(Some(Line::Bytes(b))) if b == b"last")
        );
        assert!(matches!(read_line(&mut reader, 10).await, Ok(None)));
    }
}
