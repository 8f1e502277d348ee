import { NextResponse } from "next/server";
export function GET(request: any) {
  const next = request.nextUrl.searchParams.get("next");
  return NextResponse.redirect(next); // expect: open-redirect
}
export function done(req: any, res: any) {
  const target = req.body.returnTo;
  res.redirect(target); // expect: open-redirect
}
export function afterLogin() {
  const next = new URLSearchParams(window.location.search).get("next");
  window.location.href = next!; // expect: open-redirect
}
export function popup() {
  const target = new URLSearchParams(window.location.search).get("target");
  window.open(target!); // expect: open-redirect
  location.replace(location.hash.slice(1)); // expect: open-redirect
}
export function PUT(request: Request) {
  const { searchParams } = new URL(request.url);
  return NextResponse.redirect(searchParams.get("next")!); // expect: open-redirect
}

import { Controller, Get, Query, Redirect } from "@nestjs/common";

@Controller("docs")
export class DocsController {
  @Get("go")
  @Redirect("https://docs.nestjs.com", 302)
  go(@Query("to") to: string) {
    return { url: to }; // expect: open-redirect
  }
}
