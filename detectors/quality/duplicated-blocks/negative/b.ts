export function setupB(registry, handlers) {
  registry.register("hook_0", handlers.hook_0, 0, true);
  registry.register("hook_1", handlers.hook_1, 1, true);
  registry.register("hook_2", handlers.hook_2, 2, true);
  registry.register("hook_3", handlers.hook_3, 3, true);
  registry.register("hook_4", handlers.hook_4, 4, true);
  registry.register("hook_5", handlers.hook_5, 5, true);
  registry.register("hook_6", handlers.hook_6, 6, true);
  registry.register("hook_7", handlers.hook_7, 7, true);
  registry.register("hook_8", handlers.hook_8, 8, true);
  registry.register("hook_9", handlers.hook_9, 9, true);
  registry.register("hook_10", handlers.hook_10, 10, true);
  registry.register("hook_11", handlers.hook_11, 11, true);
}

// Overloads of one function repeat their shape by design: types, not code.
export function pipeb<A, B>(a: A, ab: (a: A) => B): B;
export function pipeb<A, B, C>(a: A, ab: (a: A) => B, bc: (b: B) => C): C;
export function pipeb<A, B, C, D>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D): D;
export function pipeb<A, B, C, D, E>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E): E;
export function pipeb<A, B, C, D, E, F>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F): F;
export function pipeb<A, B, C, D, E, F, G>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F, fg: (f: F) => G): G;
export function pipeb<A, B, C, D, E, F, G, H>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F, fg: (f: F) => G, gh: (g: G) => H): H;
export function pipeb<A, B, C, D, E, F, G, H, I>(a: A, ab: (a: A) => B, bc: (b: B) => C, cd: (c: C) => D, de: (d: D) => E, ef: (e: E) => F, fg: (f: F) => G, gh: (g: G) => H, hi: (h: H) => I): I;
export function pipeb(a: unknown, ...fns: Array<(x: unknown) => unknown>): unknown {
  return fns.reduce((acc, fn) => fn(acc), a);
}
