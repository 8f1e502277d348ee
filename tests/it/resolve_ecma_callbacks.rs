//! TypeScript callbacks: an untyped parameter of a function passed as an argument has the
//! type the callee declares for it, and a method of an object literal is no name in the
//! scope around it.

#[test]
fn a_callbacks_untyped_parameters_take_the_types_the_callee_declares() {
    crate::support::check_calls(
        r#"
//- lift.ts
import { Subscriber } from './sub';
export function operate<T, R>(init: (liftedSource: Source<T>, subscriber: Subscriber<R>) => void): void {}
export function untyped(init: Function): void {}
export class Source<T> {
  constructor(make?: (this: Source<T>, subscriber: Subscriber<T>) => void) {}
  subscribe(s: Subscriber<T>): void {}
}
//- sub.ts
export class Subscriber<T> {
  next(value: T): void {}
  complete(): void {}
}
export class Logger {
  next(value: string): void {}
  complete(): void {}
}
//- take.ts
import { operate, untyped, Source } from './lift';
export function take<T>(count: number) {
  return operate((source, subscriber) => {
    source.subscribe(subscriber);
    subscriber.next(count);
  });
}
export function make() {
  return new Source(subscriber => subscriber.complete());
}
export function loose() {
  untyped((source, subscriber) => subscriber.complete());
}
"#,
        r#"
take.loose -calls(0.3)-> sub.Logger.complete
take.loose -calls(0.3)-> sub.Subscriber.complete
take.loose -calls(1.0)-> lift.untyped
take.make -calls(0.9)-> sub.Subscriber.complete
take.make -calls(1.0)-> lift.Source.constructor
take.take -calls(0.9)-> lift.Source.subscribe
take.take -calls(0.9)-> sub.Subscriber.next
take.take -calls(1.0)-> lift.operate
"#,
    );
}

#[test]
fn a_method_of_an_object_literal_is_not_a_name_in_its_module_nor_a_guess() {
    crate::support::check_calls(
        r#"
//- timers.ts
export const provider = {
  setInterval(handler: () => void, timeout?: number) {
    return setInterval(handler, timeout);
  },
  clear(handle: number) {
    return helper(handle);
  },
  now() { return 0; },
};
function helper(handle: number) { return handle; }
export class Clock { now(): number { return 1; } }
export function stamp(source) { return source.now(); }
"#,
        r#"
timers.clear -calls(1.0)-> timers.helper
timers.stamp -calls(0.6)-> timers.Clock.now
"#,
    );
}
