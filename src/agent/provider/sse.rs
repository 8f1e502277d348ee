//! Server-sent events, parsed incrementally from whatever chunks the network delivers (a
//! whole stream at once or one byte at a time give the same events).

/// One dispatched event: its `event:` name (empty when none was given) and its data lines
/// joined with `\n`.
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
}

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
                    let line = std::mem::take(&mut self.line);
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
            if self.data.is_empty() && self.event.is_empty() {
                return None;
            }
            let event = SseEvent {
                event: std::mem::take(&mut self.event),
                data: std::mem::take(&mut self.data).join("\n"),
            };
            return Some(event);
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

    const STREAM: &str = "event: ping\ndata: {}\n\n: comment\r\nevent: delta\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\ndata: [DONE]\n\n";

    fn expected() -> Vec<SseEvent> {
        vec![
            SseEvent {
                event: "ping".into(),
                data: "{}".into(),
            },
            SseEvent {
                event: "delta".into(),
                data: "{\"a\":\n1}".into(),
            },
            SseEvent {
                event: String::new(),
                data: "[DONE]".into(),
            },
        ]
    }

    #[test]
    fn whole_stream_and_byte_by_byte_agree() {
        let mut whole = SseParser::default();
        assert_eq!(whole.feed(STREAM.as_bytes()), expected());
        let mut bytes = SseParser::default();
        let split: Vec<SseEvent> = STREAM
            .as_bytes()
            .iter()
            .flat_map(|b| bytes.feed(std::slice::from_ref(b)))
            .collect();
        assert_eq!(split, expected());
    }

    #[test]
    fn an_event_without_its_blank_line_is_not_dispatched() {
        let mut parser = SseParser::default();
        assert!(parser.feed(b"event: message_stop\ndata: {}\n").is_empty());
        assert_eq!(parser.feed(b"\n").len(), 1);
    }
}
