//! MCP over Streamable HTTP at `/mcp`: loopback by default, `Host` and `Origin` checked
//! (DNS-rebinding protection, by rmcp), an optional bearer token, and a request size limit.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio_util::sync::CancellationToken;

use crate::mcp::Server;
use crate::tools::Workspace;

pub struct HttpOptions {
    pub token: Option<String>,
    pub max_request_bytes: usize,
}

/// Binds `listener` and serves until `stop` is cancelled.
pub async fn serve(
    ws: Arc<Workspace>,
    listener: tokio::net::TcpListener,
    options: HttpOptions,
    stop: CancellationToken,
) -> anyhow::Result<()> {
    let address = listener.local_addr()?;
    let config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(allowed_hosts(address))
        .with_allowed_origins([
            "http://localhost:*",
            "http://127.0.0.1:*",
            "http://[::1]:*",
            "https://localhost:*",
            "https://127.0.0.1:*",
        ])
        .enforce_origin_validation()
        .with_max_request_body_bytes(options.max_request_bytes)
        .with_cancellation_token(stop.child_token());
    let server = Server::new(ws);
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    let token = options.token.map(Arc::new);
    let router = axum::Router::new().nest_service("/mcp", service).layer(
        axum::middleware::from_fn(move |request: Request, next: Next| {
            let token = token.clone();
            async move { authorise(token.as_deref().map(String::as_str), request, next).await }
        }),
    );
    axum::serve(listener, router)
        .with_graceful_shutdown(async move { stop.cancelled().await })
        .await?;
    Ok(())
}

fn allowed_hosts(address: SocketAddr) -> Vec<String> {
    let mut hosts = vec![
        "localhost".to_string(),
        "127.0.0.1".to_string(),
        "::1".to_string(),
        "[::1]".to_string(),
    ];
    if !address.ip().is_loopback() && !address.ip().is_unspecified() {
        hosts.push(address.ip().to_string());
    }
    hosts
}

async fn authorise(token: Option<&str>, request: Request, next: Next) -> Response {
    // rmcp checks the first `Host` and matches `Origin` by prefix; these are stricter.
    if request.headers().get_all(header::HOST).iter().count() > 1 {
        return (StatusCode::BAD_REQUEST, "more than one Host header\n").into_response();
    }
    if let Some(origin) = request.headers().get(header::ORIGIN)
        && !origin.to_str().is_ok_and(is_loopback_origin)
    {
        return (StatusCode::FORBIDDEN, "only loopback origins are served\n").into_response();
    }
    if let Some(expected) = token {
        let given = request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        if !same(given.as_bytes(), expected.as_bytes()) {
            return (
                StatusCode::UNAUTHORIZED,
                [(header::WWW_AUTHENTICATE, "Bearer")],
                "missing or wrong bearer token\n",
            )
                .into_response();
        }
    }
    next.run(request).await
}

/// Compares without stopping at the first difference (no timing hint about the token).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `http(s)://localhost`, `127.0.0.1` or `[::1]`, with an optional port and nothing else:
/// no user info (`http://evil.example@127.0.0.1`), no path.
fn is_loopback_origin(origin: &str) -> bool {
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    let (host, port) = match rest.strip_prefix("[::1]") {
        Some(port) => ("[::1]", port),
        None => match rest.split_once(':') {
            Some((host, _)) => (host, &rest[host.len()..]),
            None => (rest, ""),
        },
    };
    let port_ok = port.is_empty()
        || port.strip_prefix(':').is_some_and(|digits| {
            (1..=5).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
        });
    port_ok && matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

#[cfg(test)]
mod tests {
    use super::is_loopback_origin;

    #[test]
    fn only_exact_loopback_origins_pass() {
        for origin in [
            "http://localhost",
            "http://localhost:3000",
            "https://127.0.0.1:8443",
            "http://[::1]:5173",
        ] {
            assert!(is_loopback_origin(origin), "{origin}");
        }
        for origin in [
            "http://evil.example@127.0.0.1",
            "http://127.0.0.1@evil.example",
            "http://localhost.evil.example",
            "http://127.0.0.1:80/path",
            "http://127.0.0.1:",
            "http://127.0.0.1:123456",
            "file://localhost",
            "null",
            "http://[::1]evil",
        ] {
            assert!(!is_loopback_origin(origin), "{origin}");
        }
    }
}
