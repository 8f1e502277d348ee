//! Server-sent events as the HTML specification defines them, parsed incrementally from
//! whatever chunks the network delivers (a whole stream at once or one byte at a time give
//! the same events). Held to `eventsource-stream` by a differential test; ours because
//! that crate panics on a stream that starts with a byte-order mark (see ARCHITECTURE.md).

/// One dispatched event: its type (`message` when the stream named none) and its data
/// lines joined with `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    pub event: String,
    pub data: String,
}

#[derive(Default)]
pub struct SseParser {
    /// Bytes of a line not yet ended.
    line: Vec<u8>,
    event: String,
    data: Vec<String>,
    /// The previous chunk ended in `\r`: a `\n` opening the next one belongs to it.
    after_cr: bool,
    /// A line has ended: a byte-order mark can only open the first.
    past_first_line: bool,
}

const BOM: &[u8] = "\u{feff}".as_bytes();

impl SseParser {
    /// Feeds a chunk; returns the events it completed.
    pub fn feed(&mut self, chunk: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        for &byte in chunk {
            if self.after_cr {
                self.after_cr = false;
                if byte == b'\n' {
                    continue;
                }
            }
            match byte {
                b'\n' | b'\r' => {
                    self.after_cr = byte == b'\r';
                    let mut line = std::mem::take(&mut self.line);
                    if !self.past_first_line {
                        self.past_first_line = true;
                        if line.starts_with(BOM) {
                            line.drain(..BOM.len());
                        }
                    }
                    if let Some(event) = self.end_line(&line) {
                        out.push(event);
                    }
                }
                _ => self.line.push(byte),
            }
        }
        out
    }

    fn end_line(&mut self, line: &[u8]) -> Option<SseEvent> {
        if line.is_empty() {
            // An event with no data line is not dispatched; its type is forgotten.
            let event = std::mem::take(&mut self.event);
            if self.data.is_empty() {
                return None;
            }
            return Some(SseEvent {
                event: if event.is_empty() {
                    "message".into()
                } else {
                    event
                },
                data: std::mem::take(&mut self.data).join("\n"),
            });
        }
        let line = String::from_utf8_lossy(line);
        if line.starts_with(':') {
            return None;
        }
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (&*line, ""),
        };
        match field {
            "event" => self.event = value.to_string(),
            "data" => self.data.push(value.to_string()),
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STREAM: &[u8] = b"\xEF\xBB\xBFevent: ping\ndata: {}\n\n: comment\r\nevent: delta\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\nevent: nameless-data\r\rdata: [DONE]\n\n";

    /// What the specification dispatches for `STREAM`: the byte-order mark is dropped, an
    /// event with a type but no data is not dispatched, data lines join with `\n`, and an
    /// event with no type is a `message`.
    fn expected() -> Vec<SseEvent> {
        [
            ("ping", "{}"),
            ("delta", "{\"a\":\n1}"),
            ("message", "[DONE]"),
        ]
        .map(|(event, data)| SseEvent {
            event: event.into(),
            data: data.into(),
        })
        .to_vec()
    }

    #[test]
    fn the_specification_s_cases() {
        assert_eq!(SseParser::default().feed(STREAM), expected());
    }

    /// Any split of the stream, down to single bytes and through the mark and a CR LF,
    /// gives the same events.
    #[test]
    fn any_chunking_gives_the_same_events() {
        let mut bytes = SseParser::default();
        let split: Vec<SseEvent> = STREAM
            .iter()
            .flat_map(|b| bytes.feed(std::slice::from_ref(b)))
            .collect();
        assert_eq!(split, expected());
        for at in 1..STREAM.len() {
            let mut parser = SseParser::default();
            let mut events = parser.feed(&STREAM[..at]);
            events.extend(parser.feed(&STREAM[at..]));
            assert_eq!(events, expected(), "split at {at}");
        }
    }

    #[test]
    fn an_event_without_its_blank_line_is_not_dispatched() {
        let mut parser = SseParser::default();
        assert!(parser.feed(b"event: message_stop\ndata: {}\n").is_empty());
        assert_eq!(parser.feed(b"\n").len(), 1);
    }

    /// A mark anywhere but at the start of the stream is data.
    #[test]
    fn a_later_byte_order_mark_is_kept() {
        let events = SseParser::default().feed("data: a\n\ndata: \u{feff}b\n\n".as_bytes());
        assert_eq!(events[1].data, "\u{feff}b");
    }

    /// A small deterministic generator (xorshift), so the streams are the same every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Streams of the lines providers send and the ones the specification allows (comments,
    /// unknown fields, fields without a colon or a space, empty data, every line ending),
    /// cut into random chunks: ours and `eventsource-stream` dispatch the same events. No
    /// stream starts with a byte-order mark (that crate panics on one) or ends in a lone CR
    /// (it waits for a LF that never comes).
    #[tokio::test]
    async fn ours_and_eventsource_stream_dispatch_the_same_events() {
        use eventsource_stream::Eventsource;
        use futures_util::StreamExt;

        const LINES: &[&str] = &[
            "data: {\"type\":\"ping\"}",
            "data:{}",
            "data",
            "data: ",
            "data:  two spaces",
            "event: content_block_delta",
            "event:",
            "event",
            ": keep-alive",
            ":",
            "id: 7",
            "retry: 100",
            "unknown: field",
            "data: é ∑ \u{feff} ünïcode",
            "data: [DONE]",
            "",
            "",
        ];
        const ENDINGS: &[&str] = &["\n", "\r\n", "\r"];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for round in 0..2_000 {
            let mut stream = String::new();
            for _ in 0..rng.below(24) {
                stream.push_str(LINES[rng.below(LINES.len())]);
                stream.push_str(ENDINGS[rng.below(ENDINGS.len())]);
            }
            stream.push('\n');
            let bytes = stream.as_bytes();
            let mut chunks = Vec::new();
            let mut at = 0;
            while at < bytes.len() {
                let end = (at + 1 + rng.below(8)).min(bytes.len());
                chunks.push(bytes[at..end].to_vec());
                at = end;
            }
            let mut parser = SseParser::default();
            let ours: Vec<SseEvent> = chunks.iter().flat_map(|c| parser.feed(c)).collect();
            let reference: Vec<SseEvent> = futures_util::stream::iter(
                chunks.iter().map(|c| Ok::<_, std::io::Error>(c.clone())),
            )
            .eventsource()
            .map(|event| {
                let event = event.expect("a valid stream");
                SseEvent {
                    event: event.event,
                    data: event.data,
                }
            })
            .collect()
            .await;
            assert_eq!(ours, reference, "round {round}: {stream:?}");
        }
    }
}
