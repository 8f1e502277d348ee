//! Live = cold for resolution that reads another file's declarations: a callback typed by
//! its callee's parameter, a call through an imported object literal.

use crate::live::{edit_and_compare, first_build, has_edge};

const CALLBACK_PROJECT: &str = r#"
//- lift.ts
import { Subscriber, Logger } from './sub';
export function operate<R>(init: (subscriber: Subscriber<R>) => void): void {}
//- sub.ts
export class Subscriber<T> { next(value: T): void {} }
export class Logger { next(value: string): void {} }
//- take.ts
import { operate } from './lift';
export function take() {
  operate((subscriber) => subscriber.next(1));
}
"#;

/// A callback's parameter is typed by the callee's declaration in another file: editing
/// that declaration moves the callback's calls as a cold build would.
#[test]
fn callback_parameters_follow_edits_to_the_callees_declaration() {
    let (dir, engine) = first_build(CALLBACK_PROJECT);
    assert!(has_edge(
        &engine,
        "take.take -calls(0.9)-> sub.Subscriber.next"
    ));
    edit_and_compare(
        &engine,
        &dir,
        ("lift.ts", "subscriber: Subscriber<R>", "subscriber: Logger"),
        "the parameter's type changed",
    );
    assert!(has_edge(&engine, "take.take -calls(0.9)-> sub.Logger.next"));
    edit_and_compare(
        &engine,
        &dir,
        (
            "lift.ts",
            "operate<R>(init",
            "operate<R>(first: number, init",
        ),
        "a parameter put before it",
    );
    assert!(!has_edge(
        &engine,
        "take.take -calls(0.9)-> sub.Logger.next"
    ));
}

const OBJECT_PROJECT: &str = r#"
//- api.ts
function send() { return 0; }
function get() { return 0; }
export const api = { get, post: send };
//- use.ts
import { api } from "./api";
export function run() { api.post(); }
"#;

/// An object literal another file calls through follows edits to its entries.
#[test]
fn calls_through_an_imported_object_follow_edits_to_its_entries() {
    let (dir, engine) = first_build(OBJECT_PROJECT);
    assert!(has_edge(&engine, "use.run -calls(1.0)-> api.send"));
    edit_and_compare(
        &engine,
        &dir,
        ("api.ts", "post: send", "post: get"),
        "an entry names another function",
    );
    assert!(has_edge(&engine, "use.run -calls(1.0)-> api.get"));
}
