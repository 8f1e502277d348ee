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
