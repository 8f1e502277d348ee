//! The MCP server with real clients: the official Python SDK (`mcp`, installed by `.ci/run`
//! into `.ci/venv`) and `@modelcontextprotocol/inspector --cli` (npm, `.ci/node_modules`),
//! over stdio and Streamable HTTP, in the handshake era (2025-11-25) and the current one.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use crate::support::{Dir, SHOP};

fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn installed(relative: &str) -> PathBuf {
    let path = project().join(relative);
    assert!(
        path.exists(),
        "{} is missing: run .ci/run once (it installs the MCP test clients)",
        path.display()
    );
    path
}

fn python_client(args: &[&str]) -> Value {
    let output = Command::new(installed(".ci/venv/bin/python"))
        .arg(project().join("tests/mcp/client.py"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "client.py {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "client.py printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

/// What every client run must have seen, whatever the transport and era.
fn check_session(report: &Value, era: &str) {
    let protocol = report["protocol"].as_str().unwrap();
    if era == "legacy" {
        assert_eq!(protocol, "2025-11-25");
    } else {
        assert!(protocol > "2025-11-25", "auto negotiated {protocol}");
    }
    let expected: Vec<&str> = repotoire::tools::registry::served_over_mcp()
        .map(|t| t.name())
        .collect();
    let listed: Vec<&str> = report["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(
        listed, expected,
        "every graph, findings and search tool is reachable over MCP"
    );
    assert!(
        report["read_only"]
            .as_object()
            .unwrap()
            .values()
            .all(|v| v == true)
    );
    assert_eq!(report["has_output_schema"], true);

    let callers = &report["calls"]["find_callers"];
    assert_eq!(callers["is_error"], false);
    assert!(
        callers["text"]
            .as_str()
            .unwrap()
            .contains("2 callers of function shop.checkout.checkout")
    );
    assert_eq!(
        callers["structured"]["callers"][0]["symbol"]["qualified_name"],
        "shop.api.handle"
    );
    assert!(
        report["calls"]["file_outline"]["text"]
            .as_str()
            .unwrap()
            .contains("class Order L10-15")
    );
    assert_eq!(
        report["calls"]["impact_of"]["structured"]["direct_count"],
        1
    );
    let missing = &report["calls"]["find_symbol_missing"];
    assert_eq!(
        missing["is_error"], true,
        "a bad call is a tool error the model can read"
    );
    assert!(
        missing["text"]
            .as_str()
            .unwrap()
            .contains("no symbol matches `zzzzqqq`")
    );
    assert_eq!(report["calls"]["run_detectors"]["is_error"], false);
    let progress: Vec<f64> = report["progress"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[0].as_f64().unwrap())
        .collect();
    assert_eq!(
        progress,
        [0.0, 1.0, 2.0, 3.0],
        "run_detectors reports progress"
    );
}

#[test]
fn python_sdk_over_stdio_in_both_eras() {
    let dir = Dir::with_fixture(SHOP);
    let binary = env!("CARGO_BIN_EXE_repotoire");
    for era in ["legacy", "auto"] {
        let report = python_client(&["stdio", era, binary, dir.path().to_str().unwrap()]);
        check_session(&report, era);
    }
}

/// `repotoire serve --http 127.0.0.1:0`, killed when dropped.
struct HttpServer {
    child: Child,
    url: String,
}

impl HttpServer {
    fn start(root: &std::path::Path, extra: &[&str]) -> HttpServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_repotoire"))
            .args(["serve", "--http", "127.0.0.1:0", "--path"])
            .arg(root)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        // The server prints its address once it is bound: no polling, no sleeping.
        while stderr.read_line(&mut line).unwrap() > 0 && !line.contains("serving MCP at") {
            line.clear();
        }
        let url = line
            .split_whitespace()
            .last()
            .unwrap_or_default()
            .to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "server said: {line}");
        // Its stderr is closed from here on, as a client that stops listening leaves it:
        // warnings (a refused Origin logs one) must not break serving.
        drop(stderr);
        HttpServer { child, url }
    }

    fn address(&self) -> String {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
            .to_string()
    }

    /// Sends one raw HTTP POST to /mcp; the status code. The body waits for `100 Continue`,
    /// so a request refused on its headers is answered before any body is on the wire (a
    /// server closing with unread bytes would reset the connection and lose its answer).
    fn post(&self, headers: &[&str], body: &str) -> u16 {
        let mut stream = std::net::TcpStream::connect(self.address()).unwrap();
        let mut request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n",
            self.address(),
            body.len()
        );
        for header in headers {
            request.push_str(header);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut status = String::new();
        let _ = reader.read_line(&mut status);
        if status.contains(" 100 ") {
            let mut blank = String::new();
            reader.read_line(&mut blank).unwrap();
            let _ = stream.write_all(body.as_bytes());
            status.clear();
            let _ = reader.read_line(&mut status);
        }
        status
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| {
                panic!(
                    "no HTTP status in {status:?} for {headers:?} and {} bytes",
                    body.len()
                )
            })
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;

#[test]
fn python_sdk_over_streamable_http_and_the_guards_around_it() {
    let dir = Dir::with_fixture(SHOP);
    let server = HttpServer::start(dir.path(), &[]);
    for era in ["legacy", "auto"] {
        let report = python_client(&["http", era, &server.url]);
        check_session(&report, era);
    }
    assert_eq!(
        server.post(&[], INITIALIZE),
        200,
        "a plain local client is served"
    );
    assert_eq!(
        server.post(&["Origin: http://evil.example"], INITIALIZE),
        403,
        "DNS rebinding: a foreign Origin is refused"
    );
    assert_eq!(
        server.post(&["Origin: http://localhost:3000"], INITIALIZE),
        200,
        "a local browser origin is fine"
    );
    assert_eq!(
        server.post(&["Origin: http://evil.example@127.0.0.1"], INITIALIZE),
        403,
        "an origin with user info is not a loopback origin"
    );
    assert_eq!(
        server.post(&["Host: evil.example"], INITIALIZE),
        400,
        "two Host headers are a bad request (RFC 9112)"
    );
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"pad":"{}"}}}}"#,
        "x".repeat(2 * 1024 * 1024)
    );
    assert_eq!(
        server.post(&[], &huge),
        413,
        "requests over the size limit are refused"
    );
}

#[test]
fn a_bearer_token_guards_http_when_given() {
    let dir = Dir::with_fixture(SHOP);
    let server = HttpServer::start(dir.path(), &["--token", "s3cret"]);
    assert_eq!(server.post(&[], INITIALIZE), 401);
    assert_eq!(
        server.post(&["Authorization: Bearer wrong"], INITIALIZE),
        401
    );
    assert_eq!(
        server.post(&["Authorization: Bearer s3cret"], INITIALIZE),
        200
    );
    // The inspector with the header set lists the tools.
    let output = Command::new(installed(".ci/node_modules/.bin/mcp-inspector"))
        .args([
            "--cli",
            &server.url,
            "--transport",
            "http",
            "--header",
            "Authorization: Bearer s3cret",
            "--method",
            "tools/list",
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        listed["tools"].as_array().unwrap().len(),
        repotoire::tools::registry::served_over_mcp().count()
    );
}

fn inspector(target: &[&str], method: &[&str], era: &str) -> Value {
    let output = Command::new(installed(".ci/node_modules/.bin/mcp-inspector"))
        .arg("--cli")
        .args(target)
        .args(["--protocol-era", era, "--method"])
        .args(method)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "inspector {method:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("unknown format"),
        "schemas use only standard formats: {stderr}"
    );
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "inspector printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

#[test]
fn the_inspector_lists_and_calls_tools_over_stdio_and_http() {
    let dir = Dir::with_fixture(SHOP);
    let binary = env!("CARGO_BIN_EXE_repotoire");
    let root = dir.path().to_str().unwrap();
    let stdio = [binary, "serve", "--path", root];
    for era in ["legacy", "auto"] {
        let listed = inspector(&stdio, &["tools/list"], era);
        assert_eq!(
            listed["tools"].as_array().unwrap().len(),
            repotoire::tools::registry::served_over_mcp().count()
        );
        let called = inspector(
            &stdio,
            &[
                "tools/call",
                "--tool-name",
                "find_callees",
                "--tool-arg",
                "symbol=shop.api.handle",
            ],
            era,
        );
        assert_eq!(
            called["structuredContent"]["callees"][0]["symbol"]["qualified_name"],
            "shop.checkout.checkout"
        );
    }
    let server = HttpServer::start(dir.path(), &[]);
    let http = [server.url.as_str(), "--transport", "http"];
    let called = inspector(
        &http,
        &[
            "tools/call",
            "--tool-name",
            "list_importers",
            "--tool-arg",
            "target=shop.checkout",
        ],
        "legacy",
    );
    assert_eq!(called["structuredContent"]["total"], 3);
    let called = inspector(&http, &["tools/call", "--tool-name", "graph_stats"], "auto");
    assert_eq!(
        called["structuredContent"]["files_by_language"]["python"],
        6
    );
}

/// Every malformed line gets its JSON-RPC error response over stdio (parse errors and
/// lines over the limit with `"id": null`), and the server then goes on answering.
#[test]
fn every_malformed_line_over_stdio_gets_its_error_and_the_server_goes_on() {
    let dir = Dir::with_fixture(SHOP);
    let mut server = crate::support::serve_stdio(dir.path());
    let mut stdin = server.stdin.take().unwrap();
    let mut lines = BufReader::new(server.stdout.take().unwrap()).lines();
    let mut send = |line: &[u8]| {
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    let mut next = || -> Value { serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap() };
    send(INITIALIZE.as_bytes());
    assert_eq!(next()["id"], 1);
    send(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":9,"method":"ping","params":{{"pad":"{}"}}}}"#,
        "x".repeat(17 << 20)
    );
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let cases: Vec<(Vec<u8>, i64, Value)> = vec![
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":2,".to_vec(),
            -32700,
            Value::Null,
        ),
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"\xff\"}".to_vec(),
            -32700,
            Value::Null,
        ),
        (
            br#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#.to_vec(),
            -32700,
            Value::Null,
        ),
        (deep.into_bytes(), -32700, Value::Null),
        (huge.into_bytes(), -32700, Value::Null),
        (
            br#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{}}"#.to_vec(),
            -32602,
            json!(4),
        ),
        (
            br#"{"jsonrpc":"1.0","id":5,"method":"ping"}"#.to_vec(),
            -32600,
            json!(5),
        ),
    ];
    for (line, code, id) in cases {
        send(&line);
        let answer = next();
        assert_eq!(answer["error"]["code"], code, "{answer}");
        assert_eq!(answer["id"], id, "{answer}");
    }
    send(br#"{"jsonrpc":"2.0","id":6,"method":"tools/list"}"#);
    let answer = next();
    assert_eq!(answer["id"], 6);
    assert_eq!(
        answer["result"]["tools"].as_array().unwrap().len(),
        repotoire::tools::registry::served_over_mcp().count()
    );
    drop(stdin);
    assert!(server.wait().unwrap().success());
}
