//! The workstation's core without a terminal: key sequences and agent events folded into
//! the state (and the commands they give), and each panel and mode drawn against reviewed
//! snapshot files in `tests/snapshots/workstation/` (`UPDATE_SNAPSHOTS=1` rewrites them;
//! review the diff before committing).

use std::path::Path;

use repotoire::agent::Event;
use repotoire::agent::conversation::Usage;
use repotoire::detect::{Category, Finding, Severity};
use repotoire::tui::core::state::{Entry, Focus, Graph};
use repotoire::tui::core::{Cmd, Key, Msg, Preview, State, update};
use repotoire::tui::record::screen;
use serde_json::json;

fn finding(detector: &str, severity: Severity, file: &str, line: u32) -> Finding {
    Finding {
        detector: detector.into(),
        category: Category::Security,
        severity,
        title: detector.into(),
        message: format!("{detector} here"),
        file: file.into(),
        line,
        end_line: line,
        column: 1,
        symbol: None,
        cwe: None,
        fingerprint: format!("{detector}:{file}:{line}"),
        snippet: None,
        flow: Vec::new(),
        audit: false,
    }
}

fn started(state: &mut State, unavailable: Option<&str>) {
    update(
        state,
        Msg::Resize {
            width: 100,
            height: 30,
        },
    );
    update(
        state,
        Msg::Started {
            repository: "shop".into(),
            branch: Some("main".into()),
            model: "anthropic/claude-sonnet-4-5".into(),
            window: 200_000,
            unavailable: unavailable.map(str::to_string),
            session: "s1".into(),
        },
    );
}

fn ready(state: &mut State) {
    update(
        state,
        Msg::GraphReady {
            nodes: 4210,
            edges: 9000,
            files: 120,
            watching: true,
        },
    );
    update(
        state,
        Msg::Findings {
            added: vec![
                finding("long-function", Severity::Low, "app/util.py", 3),
                finding("sql-injection", Severity::High, "app/db.py", 42),
                finding("import-cycle", Severity::Medium, "app/a.py", 1),
            ],
            resolved: Vec::new(),
            nodes: 4210,
            pending: false,
        },
    );
}

fn keys(state: &mut State, keys: &[&str]) -> Vec<Cmd> {
    keys.iter()
        .flat_map(|k| {
            update(
                state,
                Msg::Key {
                    key: Key::parse(k).unwrap(),
                },
            )
        })
        .collect()
}

fn typed(state: &mut State, text: &str) -> Vec<Cmd> {
    text.chars()
        .flat_map(|c| update(state, Msg::Key { key: Key::char(c) }))
        .collect()
}

fn agent(state: &mut State, event: Event) {
    let turn = state.turn.id;
    update(state, Msg::Agent { turn, event });
}

/// Compares a drawn screen with its reviewed snapshot.
fn snapshot(name: &str, state: &State) {
    let shown = screen(state, state.width, state.height);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/workstation")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &shown).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_SNAPSHOTS=1 and review it. The screen:\n{shown}",
            path.display()
        )
    });
    pretty_assertions::assert_eq!(expected, shown, "{name}");
}

#[test]
fn findings_stay_worst_first_and_the_selection_follows_its_finding() {
    let mut state = State::default();
    started(&mut state, None);
    ready(&mut state);
    let order: Vec<&str> = state
        .findings
        .all
        .iter()
        .map(|f| f.detector.as_str())
        .collect();
    assert_eq!(order, ["sql-injection", "import-cycle", "long-function"]);
    keys(&mut state, &["tab", "j"]);
    assert_eq!(state.focus, Focus::Findings);
    assert_eq!(state.findings.selected, 1);
    // A worse finding arrives above: the selection stays on import-cycle.
    update(
        &mut state,
        Msg::Findings {
            added: vec![finding(
                "command-injection",
                Severity::Critical,
                "app/x.py",
                9,
            )],
            resolved: vec!["sql-injection:app/db.py:42".into()],
            nodes: 4300,
            pending: true,
        },
    );
    let selected = repotoire::tui::core::update::findings::selected(&state).unwrap();
    assert_eq!(selected.detector, "import-cycle");
    assert_eq!(state.findings.all.len(), 3);
    assert_eq!(
        state.status.graph,
        Graph::Ready {
            nodes: 4300,
            edges: 9000,
            files: 120
        }
    );
    // The save was shown before value flow was solved: the status bar says so until the
    // update that follows it.
    assert!(state.status.settling);
    assert!(screen(&state, state.width, state.height).contains("updating calls"));
    update(
        &mut state,
        Msg::Findings {
            added: Vec::new(),
            resolved: Vec::new(),
            nodes: 4300,
            pending: false,
        },
    );
    assert!(!state.status.settling);
    snapshot("findings_focused", &state);
}

#[test]
fn the_filter_narrows_by_severity_detector_or_path() {
    let mut state = State::default();
    started(&mut state, None);
    ready(&mut state);
    keys(&mut state, &["tab", "/"]);
    typed(&mut state, "db.py");
    assert!(state.findings.filtering);
    keys(&mut state, &["enter"]);
    let shown = repotoire::tui::core::update::findings::visible(&state);
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].detector, "sql-injection");
    snapshot("findings_filtered", &state);
    keys(&mut state, &["/"]);
    typed(&mut state, "low");
    keys(&mut state, &["enter"]);
    assert_eq!(
        repotoire::tui::core::update::findings::visible(&state)[0].detector,
        "long-function"
    );
    keys(&mut state, &["esc"]);
    assert_eq!(
        repotoire::tui::core::update::findings::visible(&state).len(),
        3
    );
}

#[test]
fn finding_keys_explain_open_and_ask() {
    let mut state = State::default();
    started(&mut state, None);
    ready(&mut state);
    keys(&mut state, &["tab"]);
    let cmds = keys(&mut state, &["enter"]);
    assert_eq!(
        cmds,
        vec![Cmd::Tool {
            title: "explain_finding app/db.py:42".into(),
            name: "explain_finding".into(),
            args: json!({"fingerprint": "sql-injection:app/db.py:42"}),
        }]
    );
    assert_eq!(
        keys(&mut state, &["o"]),
        vec![Cmd::OpenFile {
            path: "app/db.py".into(),
            line: 42
        }]
    );
    let cmds = keys(&mut state, &["a"]);
    let [Cmd::Send { turn: 1, prompt }] = cmds.as_slice() else {
        panic!("{cmds:?}");
    };
    assert!(prompt.contains("app/db.py:42"), "{prompt}");
    assert!(state.turn.running);
    assert_eq!(state.focus, Focus::Input);
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one turn, event by event, with the screen at each stage"
)]
fn a_prompt_streams_calls_tools_and_ends() {
    let mut state = State::default();
    started(&mut state, None);
    ready(&mut state);
    let cmds = typed(&mut state, "what calls charge()?");
    assert!(cmds.is_empty());
    let cmds = keys(&mut state, &["enter"]);
    assert_eq!(
        cmds,
        vec![Cmd::Send {
            turn: 1,
            prompt: "what calls charge()?".into()
        }]
    );
    assert_eq!(state.input_text(), "");
    agent(
        &mut state,
        Event::TextDelta {
            text: "Let me ".into(),
        },
    );
    agent(
        &mut state,
        Event::TextDelta {
            text: "look.".into(),
        },
    );
    agent(
        &mut state,
        Event::ToolCall {
            id: "t1".into(),
            name: "find_callers".into(),
            input: json!({"symbol": "charge"}),
        },
    );
    snapshot("tool_running", &state);
    agent(
        &mut state,
        Event::ToolResult {
            id: "t1".into(),
            name: "find_callers".into(),
            is_error: false,
            summary: "3 callers of charge (+4 lines)".into(),
            output: "3 callers of charge\n  checkout\n  refund\n  retry".into(),
            millis: 2,
        },
    );
    agent(
        &mut state,
        Event::Usage {
            usage: Usage {
                input_tokens: 12_000,
                output_tokens: 300,
                ..Usage::default()
            },
            context: 12_300,
            window: 200_000,
        },
    );
    agent(
        &mut state,
        Event::TextDelta {
            text: "`charge()` is called from **checkout** and:\n\n- refund\n- retry\n\n```python\ncharge(amount)\n```\n".into(),
        },
    );
    // Events of another turn are dropped.
    update(
        &mut state,
        Msg::Agent {
            turn: 7,
            event: Event::TextDelta {
                text: "STALE".into(),
            },
        },
    );
    update(
        &mut state,
        Msg::TurnEnded {
            turn: 1,
            outcome: "finished".into(),
        },
    );
    assert!(!state.turn.running);
    assert_eq!(state.status.context, 12_300);
    let texts: Vec<String> = state
        .conversation
        .shown
        .iter()
        .map(|s| format!("{:?}", s.entry))
        .collect();
    assert!(!texts.iter().any(|t| t.contains("STALE")));
    assert_eq!(
        state.conversation.shown[1].entry,
        Entry::Assistant {
            text: "Let me look.".into(),
            done: true
        }
    );
    snapshot("answer_finished", &state);
    // The tool line expands on Enter in the conversation.
    keys(&mut state, &["ctrl+]", "ctrl+]"]);
    assert_eq!(state.focus, Focus::Conversation);
    keys(&mut state, &["up", "enter"]);
    let Entry::Tool(tool) = &state.conversation.shown[2].entry else {
        panic!("not a tool entry");
    };
    assert!(tool.expanded);
    snapshot("tool_expanded", &state);
}

#[test]
fn approvals_answer_refuse_edit_and_allow_for_the_session() {
    let mut state = State::default();
    started(&mut state, None);
    ready(&mut state);
    typed(&mut state, "fix it");
    keys(&mut state, &["enter"]);
    let ask = |state: &mut State, id: &str| {
        update(
            state,
            Msg::Approval {
                turn: 1,
                id: id.into(),
                name: "edit_file".into(),
                input: json!({"path": "app/db.py", "old": "a", "new": "b"}),
                preview: Preview::Diff {
                    path: "app/db.py".into(),
                    diff: "--- a/app/db.py\n+++ b/app/db.py\n@@ -1,2 +1,2 @@\n x = 1\n-a\n+b\n"
                        .into(),
                },
            },
        )
    };
    assert!(ask(&mut state, "e1").is_empty());
    snapshot("approval", &state);
    keys(&mut state, &["?"]);
    assert!(state.pending.as_ref().unwrap().help);
    snapshot("approval_help", &state);
    keys(&mut state, &["?"]);
    assert_eq!(
        keys(&mut state, &["n"]),
        vec![Cmd::Answer {
            id: "e1".into(),
            allow: false,
            input: None
        }]
    );
    ask(&mut state, "e2");
    let cmds = keys(&mut state, &["e"]);
    assert_eq!(
        cmds,
        vec![Cmd::EditProposal {
            id: "e2".into(),
            input: json!({"path": "app/db.py", "old": "a", "new": "b"}),
            field: "new".into()
        }]
    );
    let edited = json!({"path": "app/db.py", "old": "a", "new": "c"});
    assert_eq!(
        update(
            &mut state,
            Msg::ProposalEdited {
                id: "e2".into(),
                input: edited.clone()
            }
        ),
        vec![Cmd::Answer {
            id: "e2".into(),
            allow: true,
            input: Some(edited)
        }]
    );
    ask(&mut state, "e3");
    assert_eq!(
        keys(&mut state, &["a"]),
        vec![Cmd::Answer {
            id: "e3".into(),
            allow: true,
            input: None
        }]
    );
    // Allowed for the session: the next one is answered without asking.
    assert_eq!(
        ask(&mut state, "e4"),
        vec![Cmd::Answer {
            id: "e4".into(),
            allow: true,
            input: None
        }]
    );
    assert!(state.pending.is_none());
}

#[test]
fn ctrl_c_cancels_a_turn_clears_a_prompt_and_quits_on_the_second_press() {
    let mut state = State::default();
    started(&mut state, None);
    typed(&mut state, "go");
    keys(&mut state, &["enter"]);
    agent(
        &mut state,
        Event::TextDelta {
            text: "half".into(),
        },
    );
    assert_eq!(keys(&mut state, &["ctrl+c"]), vec![Cmd::Cancel { turn: 1 }]);
    assert!(state.turn.cancelling);
    // Pressing again while cancelling does not quit.
    assert!(keys(&mut state, &["ctrl+c"]).is_empty());
    update(
        &mut state,
        Msg::TurnEnded {
            turn: 1,
            outcome: "cancelled".into(),
        },
    );
    typed(&mut state, "draft");
    assert!(keys(&mut state, &["ctrl+c"]).is_empty());
    assert_eq!(state.input_text(), "");
    assert!(keys(&mut state, &["ctrl+c"]).is_empty());
    assert!(state.quitting);
    snapshot("quitting", &state);
    // Any other key forgets the first press.
    keys(&mut state, &["x", "backspace"]);
    assert!(!state.quitting);
    keys(&mut state, &["ctrl+c"]);
    assert_eq!(keys(&mut state, &["ctrl+c"]), vec![Cmd::Quit]);
    assert!(state.quit);
}

#[test]
fn slash_commands_complete_and_run_without_a_model() {
    let mut state = State::default();
    started(
        &mut state,
        Some("no API key for anthropic: set ANTHROPIC_API_KEY"),
    );
    ready(&mut state);
    typed(&mut state, "/call");
    keys(&mut state, &["tab"]);
    assert_eq!(state.input_text(), "/calle");
    assert_eq!(state.candidates, ["callees", "callers"]);
    typed(&mut state, "rs char");
    assert_eq!(
        keys(&mut state, &["tab"]),
        vec![Cmd::Complete {
            word: "char".into()
        }]
    );
    update(
        &mut state,
        Msg::Completions {
            word: "char".into(),
            items: vec!["charge".into()],
        },
    );
    assert_eq!(state.input_text(), "/callers charge ");
    assert_eq!(
        keys(&mut state, &["enter"]),
        vec![Cmd::Tool {
            title: "/callers charge".into(),
            name: "find_callers".into(),
            args: json!({"symbol": "charge"})
        }]
    );
    update(
        &mut state,
        Msg::ToolOutput {
            title: "/callers charge".into(),
            text: "1 caller of charge\n  checkout".into(),
            is_error: false,
        },
    );
    typed(&mut state, "/help");
    keys(&mut state, &["enter"]);
    // No key: a prompt says which variable to set and asks nothing.
    typed(&mut state, "hello");
    assert!(keys(&mut state, &["enter"]).is_empty());
    assert!(!state.turn.running);
    let last = &state.conversation.shown.last().unwrap().entry;
    assert!(matches!(last, Entry::Error(e) if e.contains("ANTHROPIC_API_KEY")));
    snapshot("no_key", &state);
    // History walks back over what was sent.
    keys(&mut state, &["up"]);
    assert_eq!(state.input_text(), "hello");
    keys(&mut state, &["up"]);
    assert_eq!(state.input_text(), "/help");
    keys(&mut state, &["down", "down"]);
    assert_eq!(state.input_text(), "");
}

#[test]
fn multi_line_prompts_and_the_editor() {
    let mut state = State::default();
    started(&mut state, None);
    typed(&mut state, "one");
    keys(&mut state, &["alt+enter"]);
    typed(&mut state, "two");
    keys(&mut state, &["ctrl+j"]);
    typed(&mut state, "three");
    assert_eq!(state.input_text(), "one\ntwo\nthree");
    assert_eq!(
        keys(&mut state, &["ctrl+g"]),
        vec![Cmd::EditPrompt {
            text: "one\ntwo\nthree".into()
        }]
    );
    update(
        &mut state,
        Msg::PromptEdited {
            text: "edited\n".into(),
        },
    );
    assert_eq!(state.input_text(), "edited");
    update(
        &mut state,
        Msg::Paste {
            text: " and\r\npasted".into(),
        },
    );
    assert_eq!(state.input_text(), "edited and\npasted");
}

#[test]
fn loading_shows_in_the_status_bar_and_long_conversations_scroll() {
    let mut state = State::default();
    started(&mut state, None);
    update(
        &mut state,
        Msg::Loading {
            stage: "parsing".into(),
            done: 1200,
            total: 3000,
        },
    );
    snapshot("loading", &state);
    for i in 0..300 {
        update(
            &mut state,
            Msg::Notice {
                text: format!("line {i}"),
                is_error: false,
            },
        );
    }
    let last = screen(&state, 100, 30);
    assert!(last.contains("line 299"), "{last}");
    keys(&mut state, &["pageup"]);
    assert!(state.conversation.scroll > 0);
    let up = screen(&state, 100, 30);
    assert!(!up.contains("line 299"), "{up}");
    assert!(up.contains("rows up"), "{up}");
    // New lines keep the reader's place.
    let before = up.clone();
    update(
        &mut state,
        Msg::Notice {
            text: "line 300".into(),
            is_error: false,
        },
    );
    assert_eq!(
        screen(&state, 100, 30).lines().nth(5),
        before.lines().nth(5)
    );
    update(
        &mut state,
        Msg::Wheel {
            column: 90,
            lines: 100,
        },
    );
    assert_eq!(state.conversation.scroll, 0);
    // A narrower terminal wraps everything again.
    update(
        &mut state,
        Msg::Resize {
            width: 60,
            height: 20,
        },
    );
    assert!(screen(&state, 60, 20).contains("line 300"));
}
