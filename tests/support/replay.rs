//! A real HTTP/1.1 server on 127.0.0.1 that answers each request with the next scripted
//! reply — recorded SSE streams delivered whole, byte by byte, or cut off — and keeps every
//! request it received. Started and stopped by the test that owns it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::{Value, json};

#[derive(Clone, Copy, Debug)]
pub enum Delivery {
    /// One chunk.
    Whole,
    /// Every byte its own chunk, flushed.
    ByteByByte,
    /// This many bytes, then the connection closes without ending the body.
    DropAfter(usize),
    /// This many bytes, then nothing until the client goes away (a model still thinking,
    /// for tests that cancel mid-stream); a minute at most.
    StallAfter(usize),
}

#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub delivery: Delivery,
}

impl Reply {
    pub fn sse(body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status: 200,
            headers: vec![("content-type".into(), "text/event-stream".into())],
            body: body.into(),
            delivery: Delivery::Whole,
        }
    }

    /// A recorded stream from `tests/fixtures/sse/`.
    pub fn fixture(name: &str) -> Reply {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/sse")
            .join(name);
        Reply::sse(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
    }

    pub fn status(status: u16, body: &str) -> Reply {
        Reply {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.as_bytes().to_vec(),
            delivery: Delivery::Whole,
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub fn delivered(mut self, delivery: Delivery) -> Reply {
        self.delivery = delivery;
        self
    }
}

/// What the server received.
#[derive(Clone, Debug)]
pub struct Received {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
    /// When the reply started going out (its first byte follows at once).
    pub replied_at: std::time::Instant,
}

impl Received {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub struct ReplayServer {
    pub url: String,
    received: Arc<Mutex<Vec<Received>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl ReplayServer {
    pub fn start(script: Vec<Reply>) -> ReplayServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let received = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (log, stopping) = (received.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let mut script = script.into_iter();
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let reply = script.next().unwrap_or_else(|| {
                    Reply::status(
                        500,
                        r#"{"error":{"message":"the test script has no more replies"}}"#,
                    )
                });
                serve(stream, &reply, &log);
            }
        });
        ReplayServer {
            url,
            received,
            stop,
            thread: Some(thread),
        }
    }

    /// A server that picks each reply from the request it answers (for clients that make
    /// requests of their own besides the conversation).
    pub fn respond(answer: impl Fn(&Received) -> Reply + Send + 'static) -> ReplayServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let received = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (log, stopping) = (received.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                if let Some(request) = read_request(&stream) {
                    let reply = answer(&request);
                    log.lock().expect("log").push(request);
                    write_reply(stream, &reply);
                }
            }
        });
        ReplayServer {
            url,
            received,
            stop,
            thread: Some(thread),
        }
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().expect("log").clone()
    }
}

impl Drop for ReplayServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop.
        let _ = TcpStream::connect(self.url.trim_start_matches("http://"));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(stream: TcpStream, reply: &Reply, log: &Mutex<Vec<Received>>) {
    if let Some(received) = read_request(&stream) {
        log.lock().expect("log").push(received);
        write_reply(stream, reply);
    }
}

/// Reads one request (line, headers, body).
fn read_request(stream: &TcpStream) -> Option<Received> {
    let _ = stream.set_nodelay(true);
    let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).unwrap_or(0) == 0 {
        return None;
    }
    let path = request_line
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .to_string();
    let mut headers = Vec::new();
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
            headers.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    let mut body = vec![0u8; length];
    if reader.read_exact(&mut body).is_err() {
        return None;
    }
    Some(Received {
        path,
        headers,
        body: serde_json::from_slice(&body).unwrap_or(json!(null)),
        replied_at: std::time::Instant::now(),
    })
}

fn write_reply(stream: TcpStream, reply: &Reply) {
    let mut out = stream;
    let reason = match reply.status {
        200 => "OK",
        400 => "Bad Request",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        529 => "Overloaded",
        _ => "Status",
    };
    let mut head = format!(
        "HTTP/1.1 {} {reason}\r\nconnection: close\r\n",
        reply.status
    );
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if reply.status != 200 {
        head.push_str(&format!("content-length: {}\r\n\r\n", reply.body.len()));
        let _ = out.write_all(head.as_bytes());
        let _ = out.write_all(&reply.body);
        let _ = out.flush();
        return;
    }
    head.push_str("transfer-encoding: chunked\r\n\r\n");
    let _ = out.write_all(head.as_bytes());
    let chunk = |out: &mut TcpStream, bytes: &[u8]| {
        let _ = out.write_all(format!("{:x}\r\n", bytes.len()).as_bytes());
        let _ = out.write_all(bytes);
        let _ = out.write_all(b"\r\n");
        let _ = out.flush();
    };
    match reply.delivery {
        Delivery::Whole => chunk(&mut out, &reply.body),
        Delivery::ByteByByte => reply
            .body
            .iter()
            .for_each(|b| chunk(&mut out, std::slice::from_ref(b))),
        Delivery::DropAfter(n) => {
            chunk(&mut out, &reply.body[..n.min(reply.body.len())]);
            let _ = out.shutdown(std::net::Shutdown::Both);
            return;
        }
        Delivery::StallAfter(n) => {
            chunk(&mut out, &reply.body[..n.min(reply.body.len())]);
            let _ = out.set_read_timeout(Some(std::time::Duration::from_secs(60)));
            let mut rest = [0u8; 64];
            while matches!(out.read(&mut rest), Ok(n) if n > 0) {}
            return;
        }
    }
    let _ = out.write_all(b"0\r\n\r\n");
    let _ = out.flush();
}

/// Anthropic stream builders for scripted conversations.
pub mod anthropic {
    use serde_json::{Value, json};

    fn event(name: &str, data: Value) -> String {
        format!("event: {name}\ndata: {data}\n\n")
    }

    fn start() -> String {
        event(
            "message_start",
            json!({"type": "message_start", "message": {"id": "msg", "type": "message", "role": "assistant", "content": [], "usage": {"input_tokens": 100, "output_tokens": 1}}}),
        )
    }

    fn end(reason: &str) -> String {
        event(
            "message_delta",
            json!({"type": "message_delta", "delta": {"stop_reason": reason}, "usage": {"output_tokens": 20}}),
        ) + &event("message_stop", json!({"type": "message_stop"}))
    }

    /// A response that calls one tool (its JSON split in pieces of 7 bytes).
    pub fn tool_call(id: &str, name: &str, input: Value) -> String {
        let json = input.to_string();
        let mut out = start();
        out += &event(
            "content_block_start",
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": id, "name": name, "input": {}}}),
        );
        for piece in json.as_bytes().chunks(7) {
            let piece = String::from_utf8_lossy(piece);
            out += &event(
                "content_block_delta",
                json!({"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": piece}}),
            );
        }
        out += &event(
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 0}),
        );
        out + &end("tool_use")
    }

    /// A response of text only.
    pub fn text(text: &str) -> String {
        let mut out = start();
        out += &event(
            "content_block_start",
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
        );
        out += &event(
            "content_block_delta",
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}}),
        );
        out += &event(
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 0}),
        );
        out + &end("end_turn")
    }
}
