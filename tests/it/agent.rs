//! The agent against a real HTTP server on 127.0.0.1 replaying recorded SSE streams in both
//! wire formats: assembly, retries, cancellation, sessions, and an end-to-end `ask`.

use std::time::Duration;

use repotoire::agent::config::UserConfig;
use repotoire::agent::conversation::{Block, Message, Role};
use repotoire::agent::provider::retry::{Client, RetryPolicy};
use repotoire::agent::provider::{Completion, ModelSpec, Note, ProviderError, Request, ToolSpec};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::support::replay::{Delivery, ReplayServer, Reply, anthropic};
use crate::support::{Dir, SHOP, cmd, group_alive, group_ends_within, stderr, stdout};

const KEY: &str = "sk-test-0123456789-secret";

fn client(provider: &str, server: &ReplayServer) -> Client {
    let (key_var, base_var) = match provider {
        "anthropic" => ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"),
        _ => ("OPENAI_API_KEY", "OPENAI_BASE_URL"),
    };
    let base = if provider == "anthropic" {
        server.url.clone()
    } else {
        format!("{}/v1", server.url)
    };
    let env = move |name: &str| {
        if name == key_var {
            Some(KEY.to_string())
        } else if name == base_var {
            Some(base.clone())
        } else {
            None
        }
    };
    let model = if provider == "anthropic" {
        "anthropic/claude-sonnet-4-5"
    } else {
        "openai/gpt-4.1"
    };
    let spec = ModelSpec::resolve(model, &UserConfig::default(), &env).unwrap();
    Client::new(
        spec,
        RetryPolicy {
            max_retries: 3,
            base: Duration::from_millis(10),
            max: Duration::from_millis(40),
        },
    )
    .unwrap()
}

/// One request through the client; the completion (or error) and every note.
fn complete(client: &Client) -> (Result<Completion, ProviderError>, Vec<Note>) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let messages = vec![Message::user("what calls charge?")];
    let tools = vec![ToolSpec {
        name: "find_callers".into(),
        description: "callers".into(),
        schema: json!({"type": "object"}),
    }];
    let request = Request {
        system: "be brief",
        messages: &messages,
        tools: &tools,
        max_tokens: 1000,
    };
    let mut notes = Vec::new();
    let result = runtime
        .block_on(client.complete(&request, &CancellationToken::new(), &mut |n| notes.push(n)));
    (result, notes)
}

fn streamed_text(notes: &[Note]) -> String {
    notes
        .iter()
        .filter_map(|n| {
            if let Note::Text(t) = n {
                Some(t.as_str())
            } else {
                None
            }
        })
        .collect()
}

fn retries(notes: &[Note]) -> Vec<(Duration, bool)> {
    notes
        .iter()
        .filter_map(|n| {
            if let Note::Retry {
                wait, after_output, ..
            } = n
            {
                Some((*wait, *after_output))
            } else {
                None
            }
        })
        .collect()
}

fn tool_calls(completion: &Completion) -> Vec<(String, String, Value)> {
    completion
        .message
        .tool_uses()
        .into_iter()
        .map(|(id, name, input)| (id.to_string(), name.to_string(), input.clone()))
        .collect()
}

#[test]
fn anthropic_text_streams_whole_and_byte_by_byte_with_cache_usage() {
    for delivery in [Delivery::Whole, Delivery::ByteByByte] {
        let server = ReplayServer::start(vec![
            Reply::fixture("anthropic/text.sse").delivered(delivery),
        ]);
        let (result, notes) = complete(&client("anthropic", &server));
        let completion = result.unwrap();
        assert_eq!(
            completion.message.text(),
            "Flask.route is called by 3 view modules."
        );
        assert_eq!(
            streamed_text(&notes),
            completion.message.text(),
            "{delivery:?}"
        );
        assert_eq!(
            completion.usage.prompt(),
            12 + 1500 + 20000,
            "cached input counts toward the context"
        );
        assert_eq!(completion.usage.output_tokens, 9);
        let received = server.received();
        assert_eq!(received.len(), 1);
        assert_eq!(received[0].path, "/v1/messages");
        assert_eq!(received[0].header("x-api-key"), Some(KEY));
        assert_eq!(received[0].header("anthropic-version"), Some("2023-06-01"));
        assert_eq!(received[0].body["stream"], true);
        assert_eq!(received[0].body["tools"][0]["name"], "find_callers");
    }
}

#[test]
fn anthropic_several_tool_calls_split_across_deltas_byte_by_byte() {
    let server = ReplayServer::start(vec![
        Reply::fixture("anthropic/tools.sse").delivered(Delivery::ByteByByte),
    ]);
    let (result, notes) = complete(&client("anthropic", &server));
    let completion = result.unwrap();
    assert_eq!(streamed_text(&notes), "Let me look at the callers.");
    assert_eq!(
        tool_calls(&completion),
        vec![
            (
                "toolu_01".into(),
                "find_callers".into(),
                json!({"symbol": "shop.payments.charge"})
            ),
            (
                "toolu_02".into(),
                "read_file".into(),
                json!({"path": "shop/payments.py", "offset": 1, "limit": 20})
            ),
        ]
    );
    assert!(completion.malformed.is_empty());
}

#[test]
fn an_empty_text_block_leaves_no_empty_block_behind() {
    let server = ReplayServer::start(vec![Reply::fixture("anthropic/empty_text.sse")]);
    let completion = complete(&client("anthropic", &server)).0.unwrap();
    assert_eq!(
        completion.message.content,
        vec![Block::Text {
            text: "Done.".into()
        }]
    );
}

#[test]
fn malformed_tool_json_is_reported_not_guessed() {
    let server = ReplayServer::start(vec![Reply::fixture("anthropic/malformed_tool.sse")]);
    let completion = complete(&client("anthropic", &server)).0.unwrap();
    assert_eq!(completion.malformed.len(), 1);
    assert_eq!(completion.malformed[0].0, "toolu_bad");
    assert_eq!(tool_calls(&completion)[0].2, json!({}));
}

#[test]
fn an_error_event_inside_a_200_stream_is_retried_and_said_to_have_streamed() {
    let server = ReplayServer::start(vec![
        Reply::fixture("anthropic/overloaded_midstream.sse"),
        Reply::fixture("anthropic/text.sse"),
    ]);
    let (result, notes) = complete(&client("anthropic", &server));
    assert_eq!(
        result.unwrap().message.text(),
        "Flask.route is called by 3 view modules."
    );
    assert_eq!(retries(&notes).len(), 1);
    assert!(
        retries(&notes)[0].1,
        "the retry says output had already streamed"
    );
    assert_eq!(server.received().len(), 2);
}

#[test]
fn a_429_waits_as_asked_and_a_500_backs_off_then_both_succeed() {
    let server = ReplayServer::start(vec![
        Reply::status(
            429,
            r#"{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}"#,
        )
        .header("retry-after-ms", "30"),
        Reply::status(500, r#"{"error":{"message":"boom"}}"#),
        Reply::fixture("anthropic/text.sse"),
    ]);
    let (result, notes) = complete(&client("anthropic", &server));
    assert!(result.is_ok());
    let waits = retries(&notes);
    assert_eq!(waits.len(), 2);
    assert_eq!(
        waits[0].0,
        Duration::from_millis(30),
        "retry-after-ms is honoured"
    );
    assert!(waits[1].0 <= Duration::from_millis(50) && !waits[1].1);
    assert_eq!(server.received().len(), 3);
}

#[test]
fn a_400_is_not_retried() {
    let server = ReplayServer::start(vec![
        Reply::status(
            400,
            r#"{"type":"error","error":{"type":"invalid_request_error","message":"messages: bad"}}"#,
        ),
        Reply::fixture("anthropic/text.sse"),
    ]);
    let (result, notes) = complete(&client("anthropic", &server));
    let error = result.unwrap_err();
    assert!(
        matches!(&error, ProviderError::Http { status: 400, message, .. } if message == "messages: bad"),
        "{error}"
    );
    assert!(retries(&notes).is_empty());
    assert_eq!(server.received().len(), 1);
}

#[test]
fn a_connection_dropped_mid_stream_is_retried() {
    let server = ReplayServer::start(vec![
        Reply::fixture("anthropic/tools.sse").delivered(Delivery::DropAfter(700)),
        Reply::fixture("anthropic/text.sse"),
    ]);
    let (result, notes) = complete(&client("anthropic", &server));
    assert_eq!(
        result.unwrap().message.text(),
        "Flask.route is called by 3 view modules."
    );
    assert_eq!(retries(&notes).len(), 1);
    assert_eq!(server.received().len(), 2);
}

#[test]
fn openai_text_tools_usage_and_mid_stream_errors() {
    let server = ReplayServer::start(vec![Reply::fixture("openai/text.sse")]);
    let (result, notes) = complete(&client("openai", &server));
    let completion = result.unwrap();
    assert_eq!(
        streamed_text(&notes),
        "Flask.route is called by 3 view modules."
    );
    assert_eq!(
        (
            completion.usage.input_tokens,
            completion.usage.cache_read_input_tokens,
            completion.usage.output_tokens
        ),
        (1512, 20000, 9)
    );
    let received = server.received();
    assert_eq!(received[0].path, "/v1/chat/completions");
    assert_eq!(
        received[0].header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(received[0].body["messages"][0]["role"], "system");
    assert_eq!(
        received[0].body["tools"][0]["function"]["name"],
        "find_callers"
    );
    assert_eq!(received[0].body["max_completion_tokens"], 1000);
    assert_eq!(received[0].body["stream_options"]["include_usage"], true);

    let server = ReplayServer::start(vec![
        Reply::fixture("openai/tools.sse").delivered(Delivery::ByteByByte),
    ]);
    let completion = complete(&client("openai", &server)).0.unwrap();
    assert_eq!(
        tool_calls(&completion),
        vec![
            (
                "call_01".into(),
                "find_callers".into(),
                json!({"symbol": "shop.payments.charge"})
            ),
            (
                "call_02".into(),
                "read_file".into(),
                json!({"path": "shop/payments.py", "offset": 1, "limit": 20})
            ),
        ]
    );

    let server = ReplayServer::start(vec![
        Reply::fixture("openai/error_midstream.sse"),
        Reply::fixture("openai/text.sse"),
    ]);
    let (result, notes) = complete(&client("openai", &server));
    assert!(result.is_ok());
    assert_eq!(retries(&notes), vec![(retries(&notes)[0].0, true)]);
}

/// `ask` in a temporary repository against the replay server; state and config in the
/// repository's own temporary folders.
fn ask(dir: &Dir, server: &ReplayServer, args: &[&str]) -> std::process::Output {
    cmd(dir.path())
        .arg("ask")
        .args(args)
        .env("ANTHROPIC_API_KEY", KEY)
        .env("ANTHROPIC_BASE_URL", &server.url)
        .env("XDG_STATE_HOME", dir.join(".state"))
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .output()
        .unwrap()
}

/// The tool results the model was sent in a request's last message.
fn results_sent(body: &Value) -> Vec<String> {
    let messages = body["messages"].as_array().unwrap();
    messages.last().unwrap()["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["type"] == "tool_result")
        .map(|b| b["content"].as_str().unwrap().to_string())
        .collect()
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one end-to-end conversation, checked turn by turn"
)]
fn ask_end_to_end_callers_read_edit_diagnostics_and_a_continued_session() {
    let dir = Dir::with_fixture(SHOP);
    std::fs::write(dir.join(".gitignore"), ".state/\n.config/\n").unwrap();
    let broken = "def charge(amount):\n    \"\"\"Charge the card through the payment gateway.\"\"\"\n    if amount > 0\n";
    let fixed = "def charge(amount):\n    \"\"\"Charge the card through the payment gateway.\"\"\"\n    if amount >= 1:\n";
    let original = "def charge(amount):\n    \"\"\"Charge the card through the payment gateway.\"\"\"\n    if amount > 0:\n";
    let server = ReplayServer::start(vec![
        Reply::sse(anthropic::tool_call(
            "t1",
            "find_callers",
            json!({"symbol": "shop.payments.charge"}),
        )),
        Reply::sse(anthropic::tool_call(
            "t2",
            "read_file",
            json!({"path": "shop/payments.py", "limit": 8}),
        )),
        Reply::sse(anthropic::tool_call(
            "t3",
            "edit_file",
            json!({"path": "shop/payments.py", "old": original, "new": broken}),
        )),
        Reply::sse(anthropic::tool_call(
            "t4",
            "edit_file",
            json!({"path": "shop/payments.py", "old": broken, "new": fixed}),
        )),
        Reply::sse(anthropic::text(
            "charge now refuses amounts below 1; its callers are checkout and refund.",
        )),
        Reply::sse(anthropic::text("Still true.")),
        Reply::sse(anthropic::text("Unchanged.")),
    ]);
    let output = ask(
        &dir,
        &server,
        &[
            "--allow",
            "edit_file",
            "make",
            "charge",
            "refuse",
            "tiny",
            "amounts",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output).trim(),
        "charge now refuses amounts below 1; its callers are checkout and refund."
    );
    let log = stderr(&output);
    assert!(
        log.contains("→ find_callers") && log.contains("→ edit_file"),
        "{log}"
    );
    let sent = server.received();
    assert_eq!(sent.len(), 5);
    assert!(
        sent[0].body["system"][0]["text"]
            .as_str()
            .unwrap()
            .contains("shop/"),
        "the system prompt carries the repo map"
    );
    assert!(
        results_sent(&sent[1].body)[0].contains("refund"),
        "find_callers answered: {:?}",
        results_sent(&sent[1].body)
    );
    assert!(results_sent(&sent[2].body)[0].contains("def charge(amount):"));
    let after_broken = &results_sent(&sent[3].body)[0];
    assert!(
        after_broken.contains("syntax error"),
        "the broken edit is reported: {after_broken}"
    );
    assert!(
        results_sent(&sent[4].body)[0].contains("Parses cleanly"),
        "{:?}",
        results_sent(&sent[4].body)
    );
    let on_disk = std::fs::read_to_string(dir.join("shop/payments.py")).unwrap();
    assert!(
        on_disk.contains("if amount >= 1:") && !on_disk.contains("if amount > 0"),
        "{on_disk}"
    );

    // The session is saved without the key and continues with its history.
    let sessions = dir.join(".state/repotoire/sessions");
    let files: Vec<_> = std::fs::read_dir(&sessions).unwrap().flatten().collect();
    assert_eq!(files.len(), 1);
    let saved = std::fs::read_to_string(files[0].path()).unwrap();
    assert!(!saved.contains(KEY), "keys never reach sessions");
    let listed = cmd(dir.path())
        .args(["sessions", "list", "--json"])
        .env("XDG_STATE_HOME", dir.join(".state"))
        .output()
        .unwrap();
    assert!(
        stdout(&listed).contains("make charge refuse tiny amounts"),
        "{}",
        stdout(&listed)
    );
    let output = ask(&dir, &server, &["--continue", "still", "true?"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let sent = server.received();
    let history = sent[5].body["messages"].as_array().unwrap();
    assert_eq!(
        history.len(),
        11,
        "the first prompt, four calls with their results, the answer, the new prompt"
    );
    assert_eq!(
        history[0]["content"][0]["text"],
        "make charge refuse tiny amounts"
    );
    // --resume ID picks the same session by its id.
    let id = files[0]
        .path()
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let output = ask(&dir, &server, &["--resume", &id, "and", "now?"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        server.received()[6].body["messages"]
            .as_array()
            .unwrap()
            .len(),
        13
    );
    let unknown = ask(&dir, &server, &["--resume", "19700101-000000-0000", "hi"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("no session `19700101-000000-0000`"),
        "{}",
        stderr(&unknown)
    );
}

#[test]
fn headless_ask_refuses_tools_that_need_approval_with_a_readable_message() {
    let dir = Dir::with_fixture(SHOP);
    let server = ReplayServer::start(vec![
        Reply::sse(anthropic::tool_call(
            "t1",
            "write_file",
            json!({"path": "shop/new.py", "content": "x = 1\n"}),
        )),
        Reply::sse(anthropic::text("I could not write it.")),
    ]);
    let output = ask(&dir, &server, &["write", "a", "file"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let refused = &results_sent(&server.received()[1].body)[0];
    assert!(
        refused.contains("needs the user's approval") && refused.contains("--allow write_file"),
        "{refused}"
    );
    assert!(!dir.join("shop/new.py").exists());
}

#[test]
fn a_missing_key_is_one_line_naming_the_variable() {
    let dir = Dir::with_fixture(SHOP);
    let output = cmd(dir.path())
        .args(["ask", "--model", "openai/gpt-4.1", "hi"])
        .env_remove("OPENAI_API_KEY")
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .env("XDG_STATE_HOME", dir.join(".state"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("OPENAI_API_KEY"), "{err}");
    assert!(
        !dir.join(".state").exists(),
        "no session is started without a key"
    );
}

#[test]
fn cancelling_during_a_long_bash_call_kills_its_process_group_and_leaves_a_valid_session() {
    let dir = Dir::with_fixture(SHOP);
    // The command announces its process group through a named pipe: the test blocks on the
    // pipe (with a deadline) until the command is running.
    let fifo = dir.join("group.fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let server = ReplayServer::start(vec![Reply::sse(anthropic::tool_call(
        "t1",
        "bash",
        json!({"command": "echo $$ > group.fifo; sleep 60; echo never"}),
    ))]);
    let mut child = cmd(dir.path())
        .args(["ask", "--allow", "bash", "run", "the", "slow", "thing"])
        .env("ANTHROPIC_API_KEY", KEY)
        .env("ANTHROPIC_BASE_URL", &server.url)
        .env("XDG_STATE_HOME", dir.join(".state"))
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (sender, received) = std::sync::mpsc::channel();
    let reader = fifo.clone();
    std::thread::spawn(move || {
        let _ = sender.send(
            std::fs::read_to_string(reader)
                .ok()
                .and_then(|t| t.trim().parse::<i32>().ok()),
        );
    });
    let group = received
        .recv_timeout(Duration::from_secs(60))
        .expect("the bash call never started")
        .expect("a process group id");
    assert!(
        group_alive(group),
        "the command's group is running before the cancel"
    );
    let agent = rustix::process::Pid::from_raw(child.id() as i32).unwrap();
    rustix::process::kill_process(agent, rustix::process::Signal::INT).unwrap();
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(130));
    if let Err(survivors) = group_ends_within(group, Duration::from_secs(10)) {
        panic!("the process group is gone after the cancel; still running:\n{survivors}");
    }
    // The saved session ends with an error result for the call: a valid next request.
    let sessions = dir.join(".state/repotoire/sessions");
    let file = std::fs::read_dir(&sessions)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let session = repotoire::agent::session::Session::open(&file).unwrap();
    let last = session.messages.last().unwrap();
    assert_eq!(last.role, Role::User);
    assert!(
        matches!(&last.content[0], Block::ToolResult { tool_use_id, is_error: true, content } if tool_use_id == "t1" && content.contains("cancelled")),
        "{last:?}"
    );
}

#[test]
fn long_tool_output_reaches_the_model_cut_but_the_session_keeps_it_whole() {
    let dir = Dir::with_fixture(SHOP);
    let server = ReplayServer::start(vec![
        Reply::sse(anthropic::tool_call(
            "t1",
            "bash",
            json!({"command": "seq 1 12000"}),
        )),
        Reply::sse(anthropic::text("ok")),
    ]);
    let output = ask(&dir, &server, &["--allow", "bash", "count"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let sent = &results_sent(&server.received()[1].body)[0];
    assert!(
        sent.len() < 26_000
            && sent.contains("cut from the middle")
            && sent.starts_with("1\n2\n")
            && sent.contains("11999\n12000"),
        "{} chars",
        sent.len()
    );
    let file = std::fs::read_dir(dir.join(".state/repotoire/sessions"))
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let session = repotoire::agent::session::Session::open(&file).unwrap();
    let Block::ToolResult { content, .. } = &session.messages[2].content[0] else {
        panic!("no tool result")
    };
    assert!(
        content.contains("\n6000\n") && content.len() > 58_000,
        "the session keeps the whole output"
    );
}

#[test]
fn a_conversation_near_the_window_is_compacted_into_a_handoff_note() {
    let dir = Dir::with_fixture(SHOP);
    // A tiny window: every response (100 input + 20 output tokens) is over 85 % of it.
    std::fs::create_dir_all(dir.join(".config/repotoire")).unwrap();
    std::fs::write(
        dir.join(".config/repotoire/config.toml"),
        "context_window = 130\n",
    )
    .unwrap();
    let read = |id: &str| {
        Reply::sse(anthropic::tool_call(
            id,
            "read_file",
            json!({"path": "shop/models.py", "limit": 3}),
        ))
    };
    let server = ReplayServer::start(vec![
        read("t1"),
        read("t2"),
        read("t3"),
        read("t4"),
        Reply::sse(anthropic::text("HANDOFF: read models.py four times.")),
        Reply::sse(anthropic::text("done")),
    ]);
    let output = ask(&dir, &server, &["--json", "read", "models"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let events: Vec<Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let compacted = events
        .iter()
        .find(|e| e["event"] == "compacted")
        .expect("a compacted event");
    assert_eq!(compacted["messages_before"], 9);
    let sent = server.received();
    assert_eq!(sent.len(), 6);
    let summary_request = &sent[4].body;
    assert!(
        summary_request.get("tools").is_none(),
        "the summary request offers no tools"
    );
    assert!(
        summary_request["messages"][0]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("ASSISTANT called read_file")
    );
    let after = sent[5].body["messages"].as_array().unwrap();
    assert!(
        after[0]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("HANDOFF: read models.py four times.")
    );
    assert_eq!(
        after[1]["role"], "assistant",
        "the kept part starts at a call, never at an orphaned result"
    );
    assert!(after.len() < 9);
    // The JSON events carry the whole story.
    for kind in [
        "session_started",
        "turn_started",
        "tool_call",
        "tool_result",
        "usage",
        "turn_finished",
        "text_delta",
    ] {
        assert!(events.iter().any(|e| e["event"] == kind), "no {kind} event");
    }
}

#[test]
fn interactive_approvals_come_in_through_a_channel() {
    use repotoire::agent::policy::Policy;
    use repotoire::agent::session::Session;
    use repotoire::agent::{Agent, AgentOptions, Approval, Event, Outcome};
    use repotoire::tools::Workspace;
    use repotoire::tools::workspace::WorkspaceOptions;

    let dir = Dir::with_fixture(SHOP);
    let write = |id: &str, path: &str| {
        Reply::sse(anthropic::tool_call(
            id,
            "write_file",
            json!({"path": path, "content": "x = 1\n"}),
        ))
    };
    let server = ReplayServer::start(vec![
        write("t1", "shop/denied.py"),
        write("t2", "shop/allowed.py"),
        Reply::sse(anthropic::text("one of two")),
    ]);
    let ws = std::sync::Arc::new(
        Workspace::open(
            dir.path(),
            &WorkspaceOptions {
                use_cache: false,
                live: true,
                ..WorkspaceOptions::default()
            },
        )
        .unwrap(),
    );
    let session = Session::create(
        None,
        &dir.path().display().to_string(),
        "anthropic/claude-sonnet-4-5",
    )
    .unwrap();
    let mut agent = Agent::new(
        client("anthropic", &server),
        ws,
        Policy {
            interactive: true,
            ..Policy::default()
        },
        AgentOptions::default(),
        session,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (outcome, seen) = runtime.block_on(async move {
        let (events, mut received) = tokio::sync::mpsc::unbounded_channel();
        let (approve, mut approvals) = tokio::sync::mpsc::unbounded_channel();
        // The "user": declines the first write, allows the second.
        let user = tokio::spawn(async move {
            let mut seen = Vec::new();
            let mut asked = 0;
            while let Some(event) = received.recv().await {
                if let Event::ApprovalNeeded { id, .. } = &event {
                    asked += 1;
                    approve
                        .send(Approval {
                            id: id.clone(),
                            allow: asked == 2,
                            input: None,
                        })
                        .unwrap();
                }
                seen.push(event);
            }
            seen
        });
        let outcome = agent
            .ask(
                "write two files",
                &events,
                &mut approvals,
                &CancellationToken::new(),
            )
            .await
            .unwrap();
        drop(events);
        (outcome, user.await.unwrap())
    });
    assert_eq!(outcome, Outcome::Finished);
    assert_eq!(
        seen.iter()
            .filter(|e| matches!(e, Event::ApprovalNeeded { .. }))
            .count(),
        2
    );
    assert!(!dir.join("shop/denied.py").exists());
    assert!(dir.join("shop/allowed.py").exists());
    let declined = &results_sent(&server.received()[1].body)[0];
    assert!(declined.contains("declined"), "{declined}");
}

#[test]
fn malformed_arguments_go_back_to_the_model_as_an_error_result() {
    let dir = Dir::with_fixture(SHOP);
    let server = ReplayServer::start(vec![
        Reply::fixture("anthropic/malformed_tool.sse"),
        Reply::sse(anthropic::text("Sorry.")),
    ]);
    let output = ask(&dir, &server, &["read", "payments"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let sent = server.received();
    let result = &sent[1].body["messages"].as_array().unwrap().last().unwrap()["content"][0];
    assert_eq!(result["tool_use_id"], "toolu_bad");
    assert_eq!(result["is_error"], true);
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .contains("not valid JSON"),
        "{result}"
    );
    // The call itself is sent back with an object as input, as the API requires.
    assert_eq!(
        sent[1].body["messages"][1]["content"][0]["input"],
        json!({})
    );
}

#[test]
fn the_repo_map_ranks_what_is_called_most_and_keeps_to_its_budget() {
    let dir = Dir::with_fixture(SHOP);
    let (snap, _) = dir.build();
    let map = repotoire::agent::repo_map::render(&snap, 1_000);
    let first = map.lines().next().unwrap();
    assert!(first.starts_with("shop/"), "{map}");
    assert!(map.contains("charge"), "{map}");
    let small = repotoire::agent::repo_map::render(&snap, 12);
    assert!(
        small.len() <= 48 && small.lines().count() < map.lines().count(),
        "{small}"
    );
    let ranks = repotoire::agent::repo_map::rank(&snap);
    let total: f64 = ranks.values().sum();
    assert!((total - 1.0).abs() < 1e-6, "ranks sum to one: {total}");
}
