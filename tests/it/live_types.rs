//! Live = cold for resolution that reads another file's declarations: a callback typed by
//! its callee's parameter, a call through an imported object literal, a Rust method's
//! visibility.

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

const PRIVATE_PROJECT: &str = r#"
//- Cargo.toml
[package]
name = "cal"
version = "0.1.0"
//- src/lib.rs
pub mod naive;
pub trait Datelike { fn year(&self) -> i32; }
pub fn outside(d: naive::Date) -> i32 { d.year() }
//- src/naive.rs
use crate::Datelike;
pub struct Date;
impl Date {
    fn year(&self) -> i32 { 2000 }
}
impl Datelike for Date {
    fn year(&self) -> i32 { self.year() }
}
"#;

/// Whether a Rust method is seen from another module moves that module's calls: making it
/// `pub` (and private again) gives the edges a cold build gives.
#[test]
fn a_methods_visibility_moves_calls_in_other_modules() {
    let (dir, engine) = first_build(PRIVATE_PROJECT);
    let through_trait = "cal::outside -calls(0.9)-> cal::Datelike::year";
    assert!(has_edge(&engine, through_trait));
    edit_and_compare(
        &engine,
        &dir,
        (
            "src/naive.rs",
            "    fn year(&self) -> i32 { 2000 }",
            "    pub fn year(&self) -> i32 { 2000 }",
        ),
        "the inherent method made public",
    );
    assert!(!has_edge(&engine, through_trait));
    edit_and_compare(
        &engine,
        &dir,
        (
            "src/naive.rs",
            "    pub fn year(&self) -> i32 { 2000 }",
            "    fn year(&self) -> i32 { 2000 }",
        ),
        "the inherent method made private again",
    );
    assert!(has_edge(&engine, through_trait));
}
