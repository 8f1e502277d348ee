//! The tool registry against a fixture graph: every tool's answer, its errors, and the
//! registry's invariants.

use repotoire::tools::workspace::WorkspaceOptions;
use repotoire::tools::{Control, ToolError, Workspace, registry};
use serde_json::{Value, json};

use crate::support::{Dir, SHOP, call, call_error};

fn shop() -> (Dir, Workspace) {
    let dir = Dir::with_fixture(SHOP);
    let ws = Workspace::open(
        dir.path(),
        &WorkspaceOptions {
            use_cache: false,
            ..WorkspaceOptions::default()
        },
    )
    .unwrap();
    (dir, ws)
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v.pointer(key).and_then(Value::as_str).unwrap().to_string())
        .collect()
}

#[test]
fn registry_names_are_unique_sorted_snake_case_and_schemas_are_objects() {
    let tools = registry::all();
    let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(names, sorted, "names unique and sorted");
    assert_eq!(names.len(), 22);
    // One registry: the agent is offered every tool, MCP clients the graph, findings and
    // search tools (the coding tools are the agent's, under its approvals).
    let offered: Vec<String> = repotoire::agent::tool_specs()
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(offered, names);
    let served: Vec<&str> = registry::served_over_mcp().map(|t| t.name()).collect();
    assert_eq!(served.len(), 16);
    assert!(
        tools
            .iter()
            .all(|t| served.contains(&t.name()) == (t.kind() == repotoire::tools::Kind::Graph))
    );
    for tool in tools {
        assert!(
            tool.name()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_'),
            "{}",
            tool.name()
        );
        assert!(
            tool.description().len() > 40,
            "{} needs a real description",
            tool.name()
        );
        for (what, schema) in [
            ("input", tool.input_schema()),
            ("output", tool.output_schema()),
        ] {
            assert_eq!(
                schema.get("type"),
                Some(&json!("object")),
                "{} {what} schema is not an object",
                tool.name()
            );
            let properties = schema
                .get("properties")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            for required in schema
                .get("required")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
            {
                assert!(
                    properties.contains_key(required.as_str().unwrap()),
                    "{} {what}: required {required} is not a property",
                    tool.name()
                );
            }
            if what == "input" {
                for (name, property) in &properties {
                    assert!(
                        property.get("description").is_some()
                            || property.get("$ref").is_some()
                            || property.get("anyOf").is_some(),
                        "{}: argument {name} undocumented",
                        tool.name()
                    );
                }
            } else {
                assert!(
                    properties.contains_key("next"),
                    "{} output lacks next-step hints",
                    tool.name()
                );
            }
        }
    }
}

#[test]
fn find_callers_follows_constructors_and_depth_with_sites_and_confidence() {
    let (_dir, ws) = shop();
    let (text, json) = call(
        &ws,
        "find_callers",
        json!({"symbol": "shop.checkout.checkout"}),
    );
    let callers = names(&json["callers"], "/symbol/qualified_name");
    assert_eq!(
        callers,
        ["shop.api.handle", "tests.test_checkout.test_checkout"]
    );
    assert_eq!(
        json["callers"][0]["sites"][0],
        json!({"file": "shop/api.py", "line": 7})
    );
    assert_eq!(json["callers"][0]["confidence"], json!(1.0));
    assert!(
        text.contains("2 callers of function shop.checkout.checkout"),
        "{text}"
    );
    assert!(
        json["next"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["tool"] == "impact_of")
    );

    // A method reached through a typed parameter, then one more hop.
    let (_, json) = call(
        &ws,
        "find_callers",
        json!({"symbol": "shop.models.Order.total", "depth": 2}),
    );
    let callers: Vec<(String, u64)> = json["callers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["symbol"]["qualified_name"].as_str().unwrap().to_string(),
                c["depth"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(
        callers.contains(&("shop.checkout.checkout".into(), 1)),
        "{callers:?}"
    );
    assert!(
        callers.contains(&("shop.api.handle".into(), 2)),
        "{callers:?}"
    );
}

#[test]
fn find_callers_finds_an_inherited_method_through_the_subclass_name() {
    let (_dir, ws) = shop();
    let (_, json) = call(
        &ws,
        "find_callers",
        json!({"symbol": "shop.models.Order.save"}),
    );
    assert_eq!(json["target"][0]["qualified_name"], "shop.models.Base.save");
    assert_eq!(
        names(&json["callers"], "/symbol/qualified_name"),
        ["shop.checkout.checkout"]
    );
}

#[test]
fn an_unknown_symbol_names_the_closest_ones_and_an_ambiguous_one_lists_them() {
    let (_dir, ws) = shop();
    let message = call_error(
        &ws,
        "find_callers",
        json!({"symbol": "shop.checkout.chekout"}),
    );
    assert!(
        message.contains("no symbol `shop.checkout.chekout`; closest:")
            && message.contains("shop.checkout.checkout"),
        "{message}"
    );
    let message = call_error(&ws, "find_callers", json!({"symbol": "checkout"}));
    assert!(
        message.contains("names 2 symbols") || message.contains("names 3 symbols"),
        "{message}"
    );
    assert!(message.contains("shop.checkout.checkout"), "{message}");
    let message = call_error(&ws, "find_callers", json!({"symbol": "store", "depth": 9}));
    assert!(message.contains("depth 9 is outside 1..=5"), "{message}");
    let message = call_error(
        &ws,
        "find_callers",
        json!({"symbol": "store", "deepness": 2}),
    );
    assert!(
        message.contains("unknown argument `deepness`") && message.contains("depth"),
        "{message}"
    );
    assert!(matches!(
        registry::call(&ws, "find_everything", json!({}), &Control::none()),
        Err(ToolError::UnknownTool { .. })
    ));
}

#[test]
fn find_callees_lists_project_calls_and_the_calls_that_leave_it() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "find_callees", json!({"symbol": "shop.api.handle"}));
    assert_eq!(
        names(&json["callees"], "/symbol/qualified_name"),
        ["shop.checkout.checkout"]
    );
    let external: Vec<(&str, &str, &str)> = json["external"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["call"].as_str().unwrap(),
                c["callee"].as_str().unwrap_or("?"),
                c["kind"].as_str().unwrap_or("?"),
            )
        })
        .collect();
    assert_eq!(
        external,
        [("subprocess.call", "subprocess.call", "external")]
    );
}

#[test]
fn find_symbol_ranks_exact_then_fuzzy_and_filters_by_kind() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "find_symbol", json!({"query": "Order"}));
    assert_eq!(
        json["matches"][0]["symbol"]["qualified_name"],
        "shop.models.Order"
    );
    assert_eq!(json["matches"][0]["score"], json!(1.0));
    assert_eq!(
        json["matches"][0]["doc"],
        "A customer's order of line items."
    );
    let (_, json) = call(&ws, "find_symbol", json!({"query": "chrge"}));
    assert_eq!(
        json["matches"][0]["symbol"]["qualified_name"],
        "shop.payments.charge"
    );
    let (_, json) = call(
        &ws,
        "find_symbol",
        json!({"query": "checkout", "kind": "module"}),
    );
    assert_eq!(
        names(&json["matches"], "/symbol/qualified_name"),
        ["shop.checkout", "tests.test_checkout"]
    );
    assert_eq!(
        names(&json["matches"], "/symbol/kind"),
        ["module", "module"]
    );
    let message = call_error(&ws, "find_symbol", json!({"query": "zzzzqqq"}));
    assert!(message.contains("no symbol matches"), "{message}");
}

#[test]
fn file_outline_nests_methods_under_classes_with_lines_and_docs() {
    let (_dir, ws) = shop();
    let (text, json) = call(&ws, "file_outline", json!({"file": "shop/models.py"}));
    let outline: Vec<String> = json["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{}{} {}",
                "  ".repeat(s["depth"].as_u64().unwrap() as usize),
                s["kind"].as_str().unwrap(),
                s["name"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        outline,
        [
            "class Base",
            "  method save",
            "class Order",
            "  method total",
            "function store"
        ]
    );
    assert_eq!(json["module"], "shop.models");
    assert!(
        text.contains("method save L5-7 — Persist the record in the store."),
        "{text}"
    );
    let message = call_error(&ws, "file_outline", json!({"file": "../outside.py"}));
    assert!(message.contains("leaves the workspace"), "{message}");
    let message = call_error(&ws, "file_outline", json!({"file": "shop/model.py"}));
    assert!(message.contains("closest: shop/models.py"), "{message}");
}

#[test]
fn impact_of_tiers_dependents_and_counts_tests() {
    let (_dir, ws) = shop();
    let (text, json) = call(
        &ws,
        "impact_of",
        json!({"symbol": "shop.models.Order.total"}),
    );
    assert_eq!(
        names(&json["direct"], "/symbol/qualified_name"),
        ["shop.checkout.checkout"]
    );
    let indirect = names(&json["indirect"], "/symbol/qualified_name");
    assert!(
        indirect.contains(&"shop.api.handle".to_string())
            && indirect.contains(&"tests.test_checkout.test_checkout".to_string()),
        "{indirect:?}"
    );
    assert_eq!(json["test_files"], 1);
    assert_eq!(
        (json["symbols"].as_u64(), json["files"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(
        json["risk"], "medium",
        "3 symbols in 3 files is past `low` (≤ 2 files)"
    );
    assert!(
        text.starts_with("Impact of changing method shop.models.Order.total"),
        "{text}"
    );

    // A file stands for everything in it, importers included.
    let (_, json) = call(&ws, "impact_of", json!({"symbol": "shop/models.py"}));
    let direct = names(&json["direct"], "/symbol/qualified_name");
    assert!(
        direct.contains(&"shop.checkout".to_string())
            && direct.contains(&"shop.checkout.checkout".to_string()),
        "{direct:?}"
    );
}

#[test]
fn trace_path_finds_the_shortest_chain_and_says_when_there_is_none() {
    let (_dir, ws) = shop();
    let (_, json) = call(
        &ws,
        "trace_path",
        json!({"from": "shop.api.handle", "to": "shop.models.store"}),
    );
    assert_eq!(json["found"], true);
    assert_eq!(
        names(&json["path"], "/symbol/qualified_name"),
        [
            "shop.api.handle",
            "shop.checkout.checkout",
            "shop.models.Base.save",
            "shop.models.store"
        ]
    );
    assert_eq!(json["path"][1]["edge"], "calls");
    let (text, json) = call(
        &ws,
        "trace_path",
        json!({"from": "shop.models.store", "to": "shop.api.handle"}),
    );
    assert_eq!(json["found"], false);
    assert!(text.contains("No dependency path"), "{text}");
}

#[test]
fn imports_and_importers_both_ways() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "list_imports", json!({"module": "shop/checkout.py"}));
    assert_eq!(
        names(&json["imports"], "/target/qualified_name"),
        ["shop.models.Order", "shop.payments"]
    );
    assert_eq!(json["imports"][0]["lines"], json!([1]));
    let (_, json) = call(&ws, "list_importers", json!({"target": "shop.checkout"}));
    assert_eq!(
        names(&json["importers"], "/module/qualified_name"),
        ["shop.api", "shop.payments", "tests.test_checkout"]
    );
    assert_eq!(json["importers"][0]["names"], json!(["checkout"]));
}

#[test]
fn find_cycles_reports_import_and_call_cycles_with_a_closed_path() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "find_cycles", json!({}));
    let cycles = json["cycles"].as_array().unwrap();
    let imports = cycles
        .iter()
        .find(|c| c["kind"] == "imports")
        .expect("import cycle");
    assert_eq!(
        imports["members"],
        json!(["shop.checkout", "shop.payments"])
    );
    let path = imports["path"].as_array().unwrap();
    assert_eq!(path.first(), path.last());
    assert_eq!(path.len(), 3);
    let calls = cycles
        .iter()
        .find(|c| c["kind"] == "calls")
        .expect("call cycle");
    assert_eq!(
        calls["members"],
        json!(["shop.payments.ping", "shop.payments.pong"])
    );
    let (_, json) = call(
        &ws,
        "find_cycles",
        json!({"kind": "calls", "under": "tests"}),
    );
    assert_eq!(json["total"], 0);
}

#[test]
fn hotspots_rank_complexity_by_fan_in_and_say_churn_is_absent_outside_git() {
    let (_dir, ws) = shop();
    let (text, json) = call(&ws, "hotspots", json!({"limit": 3}));
    assert_eq!(json["churn_used"], false);
    assert!(text.contains("not a git repository"), "{text}");
    // charge: complexity 2, callers checkout and refund → 2 × 3.
    assert_eq!(
        json["hotspots"][0]["symbol"]["qualified_name"],
        "shop.payments.charge"
    );
    assert_eq!(json["hotspots"][0]["score"], json!(6.0));
}

#[test]
fn hotspots_count_commits_in_a_git_repository() {
    let (dir, ws) = shop();
    let git = |args: &[&str]| {
        let status = std::process::Command::new("git")
            .current_dir(dir.path())
            .args(args)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@t")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@t")
            .output()
            .unwrap();
        assert!(
            status.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&status.stderr)
        );
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-qm", "one"]);
    dir.append("shop/payments.py", "\n# touched\n");
    git(&["commit", "-qam", "two"]);
    let (_, json) = call(&ws, "hotspots", json!({"limit": 1}));
    assert_eq!(json["churn_used"], true);
    assert_eq!(json["hotspots"][0]["churn"], 2);
}

#[test]
fn communities_split_the_graph_and_report_modularity() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "communities", json!({"level": "function"}));
    let total = json["total"].as_u64().unwrap();
    assert!(total >= 2, "{json}");
    let ping = json["communities"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["members"]
                .as_array()
                .unwrap()
                .contains(&json!("shop.payments.ping"))
        })
        .unwrap();
    assert!(
        ping["members"]
            .as_array()
            .unwrap()
            .contains(&json!("shop.payments.pong"))
    );
    let message = call_error(&ws, "communities", json!({"resolution": 0}));
    assert!(message.contains("resolution 0 is outside"), "{message}");
}

#[test]
fn graph_stats_counts_what_the_graph_holds() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "graph_stats", json!({}));
    assert_eq!(json["files_by_language"], json!({"python": 6}));
    assert_eq!(json["nodes_by_kind"]["class"], 2);
    assert!(json["calls_resolved"].as_u64().unwrap() >= 8, "{json}");
}

#[test]
fn findings_list_filter_page_and_explain() {
    let (_dir, ws) = shop();
    let (_, json) = call(&ws, "list_findings", json!({"severity": "high"}));
    let detectors = names(&json["findings"], "/detector");
    assert!(
        detectors.contains(&"command-injection".to_string()),
        "{json}"
    );
    let (_, one) = call(
        &ws,
        "list_findings",
        json!({"detector": "command-injection", "limit": 1}),
    );
    assert_eq!(one["total"], 1);
    let finding = &one["findings"][0];
    assert_eq!(finding["file"], "shop/api.py");
    let (_, paged) = call(&ws, "list_findings", json!({"offset": 1000}));
    assert_eq!(paged["findings"], json!([]));
    let message = call_error(
        &ws,
        "list_findings",
        json!({"detector": "no-such-detector"}),
    );
    assert!(
        message.contains("no detector `no-such-detector`"),
        "{message}"
    );

    let fingerprint = finding["fingerprint"].as_str().unwrap();
    let (text, json) = call(
        &ws,
        "explain_finding",
        json!({"fingerprint": &fingerprint[..10]}),
    );
    assert_eq!(json["finding"]["detector"], "command-injection");
    assert!(
        json["code"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["text"].as_str().unwrap().contains("shell=True"))
    );
    assert!(!json["why"].as_str().unwrap().is_empty());
    assert!(text.contains(">    6 |"), "{text}");
    let (_, by_line) = call(
        &ws,
        "explain_finding",
        json!({"file": "shop/api.py", "line": 6, "detector": "command-injection"}),
    );
    assert_eq!(
        by_line["finding"]["fingerprint"],
        json["finding"]["fingerprint"]
    );
    let message = call_error(&ws, "explain_finding", json!({}));
    assert!(message.contains("pass `fingerprint`"), "{message}");
}

#[test]
fn run_detectors_reports_added_and_resolved_findings_since_the_last_run() {
    let dir = Dir::with_fixture(SHOP);
    let ws = Workspace::open(dir.path(), &WorkspaceOptions::default()).unwrap();
    let (_, json) = call(&ws, "run_detectors", json!({}));
    assert_eq!(json["added_total"], 0);
    assert_eq!(json["files_reparsed"], 0);
    dir.write("shop/api.py", "from shop.checkout import checkout\n\n\ndef handle(request):\n    return checkout(request.order)\n");
    dir.write(
        "shop/admin.py",
        "import os\n\n\ndef wipe(request):\n    os.system(request.args[\"cmd\"])\n",
    );
    let progress = std::sync::Mutex::new(Vec::new());
    let record = |done: f64, total: f64, message: &str| {
        progress
            .lock()
            .unwrap()
            .push((done, total, message.to_string()))
    };
    let cancelled = std::sync::atomic::AtomicBool::new(false);
    let reply = registry::call(
        &ws,
        "run_detectors",
        json!({"paths": ["shop"]}),
        &Control::new(&cancelled, &record),
    )
    .unwrap();
    let json = reply.json;
    assert_eq!(json["files_reparsed"], 2);
    assert_eq!(names(&json["resolved"], "/file"), ["shop/api.py"]);
    assert_eq!(names(&json["added"], "/file"), ["shop/admin.py"]);
    let steps = progress.lock().unwrap().clone();
    assert_eq!(steps.first().map(|s| s.0), Some(0.0));
    assert_eq!(steps.last().map(|s| (s.0, s.1)), Some((3.0, 3.0)));

    cancelled.store(true, std::sync::atomic::Ordering::Relaxed);
    let outcome = registry::call(
        &ws,
        "run_detectors",
        json!({}),
        &Control::new(&cancelled, &record),
    );
    assert_eq!(outcome.err(), Some(ToolError::Cancelled));
}

#[test]
fn search_code_finds_by_doc_comment_and_identifier_words() {
    let (_dir, ws) = shop();
    // The docstring carries every word; `gateway` is also a function's whole name, and the
    // fused ranking puts both on top.
    let (_, json) = call(&ws, "search_code", json!({"query": "payment gateway card"}));
    let top: Vec<String> = names(&json["hits"], "/symbol/qualified_name")
        .into_iter()
        .take(2)
        .collect();
    assert!(
        top.contains(&"shop.payments.charge".to_string())
            && top.contains(&"shop.payments.gateway".to_string()),
        "{top:?}"
    );
    assert!(
        json["hits"]
            .as_array()
            .unwrap()
            .iter()
            .all(|h| h["symbol"]["kind"] != "file"),
        "files only when asked for"
    );
    let (_, json) = call(&ws, "search_code", json!({"query": "sales tax"}));
    assert_eq!(
        json["hits"][0]["symbol"]["qualified_name"], "shop.models.Order.total",
        "comments count: {json}"
    );
    let (_, json) = call(&ws, "search_code", json!({"query": "refnd"}));
    assert_eq!(
        json["hits"][0]["symbol"]["qualified_name"], "shop.payments.refund",
        "fuzzy names fuse in: {json}"
    );
    let (_, json) = call(
        &ws,
        "search_code",
        json!({"query": "order", "kind": "class"}),
    );
    assert_eq!(
        names(&json["hits"], "/symbol/kind"),
        ["class"; 1].repeat(json["hits"].as_array().unwrap().len())
    );
}

#[test]
fn long_answers_are_cut_and_say_so() {
    let text = repotoire::tools::bounded("line\n".repeat(5000), 1000);
    assert!(text.len() < 1200);
    assert!(
        text.ends_with("(narrow the query or page with offset/limit)"),
        "{}",
        &text[text.len() - 100..]
    );
}

#[test]
fn before_the_first_index_graph_tools_say_the_graph_is_loading_and_file_tools_work() {
    let dir = Dir::with_fixture(SHOP);
    let ws = Workspace::open_pending(dir.path(), &WorkspaceOptions::default()).unwrap();
    assert!(!ws.is_ready());
    let error = call_error(&ws, "find_callers", json!({"symbol": "charge"}));
    assert!(error.contains("graph still loading"), "{error}");
    let read = registry::call(
        &ws,
        "read_file",
        json!({"path": "shop/payments.py"}),
        &Control::none(),
    )
    .unwrap();
    assert!(read.text.contains("def charge"), "{}", read.text);
    ws.refresh();
    assert!(ws.is_ready());
    let (callers, _) = call(&ws, "find_callers", json!({"symbol": "charge"}));
    assert!(callers.contains("checkout"), "{callers}");
}
