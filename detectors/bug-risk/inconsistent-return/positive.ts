export function find(xs: number[], k: number) { // expect: inconsistent-return
  for (const x of xs) { if (x === k) return x; }
  return;
}

async function flush(): Promise<void> {
  console.log("flush");
}

export function close(soft: boolean) { // expect: inconsistent-return
  if (soft) return;
  return flush();
}
