//! The taint tables: every embedded table parses, and the questions asked of them.

use super::*;

#[test]
fn every_embedded_table_parses() {
    for (_, path, text) in TEXTS {
        if let Err(err) = toml::from_str::<Tables>(text) {
            panic!("{path}: {err}");
        }
    }
    assert!(of(Family::Python).is_request_name("request"));
    assert!(of(Family::Rust).extractor("web::Query<Info>").is_some());
    assert!(of(Family::Rust).is_safe_type("Path<u32>"));
    assert!(!of(Family::Rust).is_safe_type("Path<String>"));
    assert!(of(Family::Rust).is_safe_type("Option<u32>"));
    let python = of(Family::Python);
    assert_eq!(
        python.handler_source("do_GET", "self.headers['Host']"),
        Some("self.headers".to_string())
    );
    assert_eq!(python.handler_source("do_export", "self.path"), None);
    assert_eq!(python.handler_source("render", "self.path"), None);
    assert_eq!(python.handler_source("do_POST", "self.server"), None);
    // The request a framework's module holds, written module-qualified; no other module's.
    for (text, source) in [
        ("flask.request.args", Some("request.args")),
        ("bottle.request.query.get", Some("request.query")),
        ("jobs.request.text", None),
        ("bottle.response.body", None),
    ] {
        assert_eq!(python.source_attribute(text).as_deref(), source, "{text}");
    }
    assert!(python.is_safe_type("Optional[int]"));
    assert!(python.is_safe_type("int | None"));
    assert!(!python.is_safe_type("str | None"));
    assert_eq!(
        source_trust(Family::Python, "sys.argv").0,
        Some(Severity::Low)
    );
    assert_eq!(source_trust(Family::Python, "request.GET").0, None);
    assert_eq!(
        source_trust(Family::Rust, "std::env::var()").0,
        Some(Severity::Low)
    );
}

/// A Lambda handler is known by its name or by taking exactly `(event, context)`.
#[test]
fn lambda_events_by_name_or_by_signature() {
    let names = |list: &[&str]| {
        let list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        move || list
    };
    for family in [Family::Python, Family::Ecma] {
        let t = of(family);
        assert!(t.is_lambda_event("handler", "event", names(&["event"])));
        assert!(t.is_lambda_event("resize_handler", "event", names(&["event", "x"])));
        assert!(t.is_lambda_event("resize", "event", names(&["event", "context"])));
        assert!(!t.is_lambda_event("resize", "context", names(&["event", "context"])));
        assert!(!t.is_lambda_event("on_pick", "event", names(&["event", "widget"])));
        assert!(!t.is_lambda_event("on_pick", "event", names(&["event"])));
        assert!(!t.is_lambda_event("f", "event", names(&["event", "context", "x"])));
        assert!(!t.is_lambda_event("handler", "item", names(&["item", "context"])));
    }
}
