//! One model call with our own retry policy: connection errors, 408, 409, 429, 5xx and 529
//! (and an `error` event inside a 200 stream) are tried again after the server's
//! `retry-after-ms`/`retry-after`, else after a bounded exponential backoff with jitter;
//! 400/401/403/404 never. Waiting and streaming stop at once when the turn is cancelled.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures_util::StreamExt;
use tokio_util::sync::CancellationToken;

use crate::agent::provider::sse::SseParser;
use crate::agent::provider::{
    Completion, Failure, ModelSpec, Note, ProviderError, Request, Wire, anthropic, error_message,
    openai, retry_after, retryable_status,
};

#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Attempts after the first.
    pub max_retries: u32,
    pub base: Duration,
    pub max: Duration,
}

impl Default for RetryPolicy {
    fn default() -> RetryPolicy {
        RetryPolicy {
            max_retries: 4,
            base: Duration::from_millis(500),
            max: Duration::from_secs(16),
        }
    }
}

impl RetryPolicy {
    /// The wait before retry `attempt` (1-based): base·2^(attempt-1), capped, with up to
    /// ±25 % jitter so that clients that failed together do not return together.
    pub fn backoff(&self, attempt: u32) -> Duration {
        let exponential = self
            .base
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(16))
            .min(self.max);
        let jitter = 0.75 + 0.5 * unit_random();
        exponential.mul_f64(jitter)
    }
}

/// A number in [0, 1) from the clock (jitter needs no better randomness).
fn unit_random() -> f64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64);
    let mut x = nanos.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    x ^= x >> 29;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// Servers may ask for long waits; beyond this we give up rather than hang a turn.
const LONGEST_ASKED_WAIT: Duration = Duration::from_secs(120);

pub struct Client {
    http: reqwest::Client,
    spec: ModelSpec,
    policy: RetryPolicy,
}

impl Client {
    pub fn new(spec: ModelSpec, policy: RetryPolicy) -> Result<Client, ProviderError> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(20))
            .user_agent(concat!("repotoire/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| {
                ProviderError::Connection(format!("cannot set up the HTTP client: {e}"))
            })?;
        Ok(Client { http, spec, policy })
    }

    pub fn spec(&self) -> &ModelSpec {
        &self.spec
    }

    /// Streams one response; text goes to `notes` as it arrives, retries are announced there.
    pub async fn complete(
        &self,
        request: &Request<'_>,
        cancel: &CancellationToken,
        notes: &mut (dyn FnMut(Note) + Send),
    ) -> Result<Completion, ProviderError> {
        let body = match self.spec.wire {
            Wire::Anthropic => anthropic::body(&self.spec.model, request),
            Wire::OpenAi => openai::body(&self.spec.provider, &self.spec.model, request),
        }
        .to_string();
        let mut attempt = 0;
        loop {
            let failure = match self.attempt(&body, cancel, notes).await {
                Ok(completion) => return Ok(completion),
                Err(failure) => failure,
            };
            attempt += 1;
            if !failure.retryable || attempt > self.policy.max_retries {
                return Err(failure.error);
            }
            let wait = match failure.retry_after {
                Some(asked) if asked > LONGEST_ASKED_WAIT => return Err(failure.error),
                Some(asked) => asked,
                None => self.policy.backoff(attempt),
            };
            notes(Note::Retry {
                attempt,
                wait,
                reason: failure.error.to_string(),
                after_output: failure.streamed,
            });
            tokio::select! {
                () = cancel.cancelled() => return Err(ProviderError::Cancelled),
                () = tokio::time::sleep(wait) => {}
            }
        }
    }

    async fn attempt(
        &self,
        body: &str,
        cancel: &CancellationToken,
        notes: &mut (dyn FnMut(Note) + Send),
    ) -> Result<Completion, Failure> {
        let provider = self.spec.provider.clone();
        let mut builder = match self.spec.wire {
            Wire::Anthropic => {
                let mut b = self
                    .http
                    .post(anthropic::url(&self.spec.base_url))
                    .header("anthropic-version", anthropic::VERSION);
                if let Some(key) = self.spec.key() {
                    b = b.header("x-api-key", key);
                }
                b
            }
            Wire::OpenAi => {
                let mut b = self.http.post(openai::url(&self.spec.base_url));
                if let Some(key) = self.spec.key() {
                    b = b.bearer_auth(key);
                }
                b
            }
        };
        builder = builder
            .header("content-type", "application/json")
            .header("accept", "text/event-stream")
            .body(body.to_string());
        let response = tokio::select! {
            () = cancel.cancelled() => return Err(Failure::new(ProviderError::Cancelled, false)),
            sent = builder.send() => sent.map_err(|e| Failure::new(ProviderError::Connection(format!("cannot reach {provider} at {}: {}", self.spec.base_url, describe(&e))), true))?,
        };
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            let asked = retry_after(response.headers());
            let text = tokio::select! {
                () = cancel.cancelled() => return Err(Failure::new(ProviderError::Cancelled, false)),
                text = response.text() => text.unwrap_or_default(),
            };
            let mut failure = Failure::new(
                ProviderError::Http {
                    provider,
                    status,
                    message: error_message(&text),
                },
                retryable_status(status),
            );
            failure.retry_after = asked;
            return Err(failure);
        }
        let mut parser = SseParser::default();
        let mut streamed = false;
        let mut emit = |text: &str| {
            if !text.is_empty() {
                streamed = true;
                notes(Note::Text(text.to_string()));
            }
        };
        let mut assembler = Assembler::for_wire(self.spec.wire);
        let mut bytes = response.bytes_stream();
        let mut done = false;
        while !done {
            let chunk = tokio::select! {
                () = cancel.cancelled() => return Err(Failure::new(ProviderError::Cancelled, false)),
                chunk = bytes.next() => chunk,
            };
            let chunk = match chunk {
                None => break,
                Some(Ok(chunk)) => chunk,
                Some(Err(e)) => {
                    let mut failure = Failure::new(ProviderError::Stream(describe(&e)), true);
                    failure.streamed = streamed;
                    return Err(failure);
                }
            };
            for event in parser.feed(&chunk) {
                match assembler.event(&event, &mut emit) {
                    Ok(true) => {
                        done = true;
                        break;
                    }
                    Ok(false) => {}
                    Err(mut failure) => {
                        failure.streamed = streamed;
                        return Err(failure);
                    }
                }
            }
        }
        assembler.finish().map_err(|mut failure| {
            failure.streamed = streamed;
            failure
        })
    }
}

/// A response being put together, in its wire's terms.
enum Assembler {
    Anthropic(anthropic::Assembler),
    OpenAi(openai::Assembler),
}

impl Assembler {
    fn for_wire(wire: Wire) -> Assembler {
        match wire {
            Wire::Anthropic => Assembler::Anthropic(anthropic::Assembler::default()),
            Wire::OpenAi => Assembler::OpenAi(openai::Assembler::default()),
        }
    }

    fn event(
        &mut self,
        event: &crate::agent::provider::sse::SseEvent,
        emit: &mut dyn FnMut(&str),
    ) -> Result<bool, Failure> {
        match self {
            Assembler::Anthropic(a) => a.event(event, emit),
            Assembler::OpenAi(a) => a.event(event, emit),
        }
    }

    fn finish(self) -> Result<Completion, Failure> {
        match self {
            Assembler::Anthropic(a) => a.finish(),
            Assembler::OpenAi(a) => a.finish(),
        }
    }
}

/// reqwest's error with its causes (the top level alone says little).
fn describe(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_and_stays_bounded() {
        let policy = RetryPolicy {
            max_retries: 8,
            base: Duration::from_millis(100),
            max: Duration::from_millis(800),
        };
        let first = policy.backoff(1);
        assert!(
            first >= Duration::from_millis(75) && first <= Duration::from_millis(125),
            "{first:?}"
        );
        let third = policy.backoff(3);
        assert!(
            third >= Duration::from_millis(300) && third <= Duration::from_millis(500),
            "{third:?}"
        );
        for attempt in 4..40 {
            assert!(policy.backoff(attempt) <= Duration::from_millis(1000));
        }
    }
}
