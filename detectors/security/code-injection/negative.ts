export function make(body: string) {
  return () => body;
}
export function later(store: { run(): void }) {
  setTimeout(() => store.run(), 10);
}

// A page's own top-level code, outside any function.
const pageMode = new URLSearchParams(window.location.search).get("mode");
new Function("return 1 + 1")();
export async function shotSafe(req: Request, page: Page) {
  await page.evaluateOnNewDocument("window.ready = true");
}
