export function done(req: any, res: any) {
  res.redirect("/dashboard");
}
export function afterLogin() {
  const next = new URLSearchParams(window.location.search).get("next");
  window.location.href = next === "/settings" ? "/settings" : "/";
}
export function popup() {
  const page = new URLSearchParams(window.location.search).get("page");
  window.open("/help/" + page);
  location.replace("/home");
}
export function PUT(request: Request, res: any) {
  // Back to the request's own URL: this site.
  const here = new URL(request.url);
  res.redirect(here.pathname);
  res.redirect(request.url);
}
