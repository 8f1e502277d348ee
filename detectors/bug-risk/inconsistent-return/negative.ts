export function find(xs: number[], k: number) {
  return xs.find((x) => x === k);
}

export function findMessage(issue: { tag: string; message?: string }): string | undefined {
  if (issue.tag === "Pointer") return
  return issue.message
}

export class Store {
  private drop(key: string): void {
    console.log(key);
  }

  remove(key: string, soft: boolean) {
    if (soft) return this.drop(key);
    if (!key) return;
    console.log("done");
  }
}

export function* finish(done: boolean, next: Generator<number, void>) {
  if (done) return;
  return yield* next;
}
