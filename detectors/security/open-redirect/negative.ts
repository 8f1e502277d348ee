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

import { Controller, Get, Query, Redirect } from "@nestjs/common";

@Controller("docs")
export class VersionedDocsController {
  @Get("version")
  @Redirect("https://docs.nestjs.com", 302)
  version(@Query("version") version: string) {
    if (version === "5") {
      return { url: "https://docs.nestjs.com/v5/" };
    }
  }

  // Not a redirect: the object is the response body.
  @Get("echo")
  echo(@Query("to") to: string) {
    return { url: to };
  }
}
