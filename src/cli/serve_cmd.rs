//! `repotoire serve [--http ADDR]`: index the repository, then serve the tools over MCP.

use std::sync::Arc;

use anyhow::{Context, bail};

use crate::cli::args::{GlobalArgs, ServeArgs};
use crate::mcp;
use crate::tools::Workspace;
use crate::tools::workspace::WorkspaceOptions;

pub fn run(global: &GlobalArgs, args: ServeArgs) -> anyhow::Result<i32> {
    let options = WorkspaceOptions {
        use_cache: !global.no_cache,
        max_file_size: global.max_file_size,
        live: true,
    };
    let address: Option<std::net::SocketAddr> = args
        .http
        .as_deref()
        .map(|a| {
            a.parse()
                .with_context(|| format!("--http {a}: not an address such as 127.0.0.1:8848"))
        })
        .transpose()?;
    if let Some(address) = address
        && !address.ip().is_loopback()
        && !args.allow_remote
    {
        bail!(
            "--http {address}: not a loopback address; pass --allow-remote (and --token) to serve beyond this machine"
        );
    }
    let ws = Arc::new(Workspace::open(&args.path, &options)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        match address {
            None => mcp::serve_stdio(ws).await,
            Some(address) => {
                let listener = tokio::net::TcpListener::bind(address)
                    .await
                    .with_context(|| format!("--http {address}: cannot bind"))?;
                let bound = listener.local_addr()?;
                // The one line a script waits for: where to connect.
                eprintln!("repotoire: serving MCP at http://{bound}/mcp");
                let stop = tokio_util::sync::CancellationToken::new();
                let on_signal = stop.clone();
                tokio::spawn(async move {
                    let _ = tokio::signal::ctrl_c().await;
                    on_signal.cancel();
                });
                mcp::http::serve(
                    ws,
                    listener,
                    mcp::http::HttpOptions {
                        token: args.token,
                        max_request_bytes: args.max_request_bytes,
                    },
                    stop,
                )
                .await
            }
        }
    })?;
    Ok(crate::cli::EXIT_OK)
}
