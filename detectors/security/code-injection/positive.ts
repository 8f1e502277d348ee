export function make(body: string) {
  return new Function(body); // expect: code-injection
}
export function later(store: { code(): string }) {
  setTimeout("run(" + store.code() + ")", 10); // audit: code-injection
}

// A page's own top-level code, outside any function.
const pageParams = new URLSearchParams(window.location.search);
new Function(pageParams.get("code"))(); // expect: code-injection
export async function shot(req: Request, page: Page) {
  await page.evaluateOnNewDocument(`window.user = "${req.query.user}"`); // expect: code-injection
}
