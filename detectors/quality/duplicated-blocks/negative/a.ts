export function setupA(registry, handlers) {
  registry.register("handler_0", handlers.handler_0, 0, true);
  registry.register("handler_1", handlers.handler_1, 1, true);
  registry.register("handler_2", handlers.handler_2, 2, true);
  registry.register("handler_3", handlers.handler_3, 3, true);
  registry.register("handler_4", handlers.handler_4, 4, true);
  registry.register("handler_5", handlers.handler_5, 5, true);
  registry.register("handler_6", handlers.handler_6, 6, true);
  registry.register("handler_7", handlers.handler_7, 7, true);
  registry.register("handler_8", handlers.handler_8, 8, true);
  registry.register("handler_9", handlers.handler_9, 9, true);
  registry.register("handler_10", handlers.handler_10, 10, true);
  registry.register("handler_11", handlers.handler_11, 11, true);
}

// Overloads of one function repeat their shape by design: types, not code.
export function pipea<A, B>(a: A, ab: (a: A) => B): B;
export function pipea<A, B, C>(a: A, ab: (a: A) => B, bc: (b: B) => C): C;
export function pipea<A, B, C, D>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D): D;
export function pipea<A, B, C, D, E>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E): E;
export function pipea<A, B, C, D, E, F>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F): F;
export function pipea<A, B, C, D, E, F, G>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F, fg: (f: F) => G): G;
export function pipea<A, B, C, D, E, F, G, H>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F, fg: (f: F) => G, gh: (g: G) => H): H;
export function pipea<A, B, C, D, E, F, G, H, I>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F, fg: (f: F) => G, gh: (g: G) => H, hi: (h: H) => I): I;
export function pipea(a: unknown, ...fns: Array<(x: unknown) => unknown>): unknown {
  return fns.reduce((acc, fn) => fn(acc), a);
}
