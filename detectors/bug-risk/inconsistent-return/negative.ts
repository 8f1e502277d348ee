export function find(xs: number[], k: number) {
  return xs.find((x) => x === k);
}

export function findMessage(issue: { tag: string; message?: string }): string | undefined {
  if (issue.tag === "Pointer") return
  return issue.message
}
