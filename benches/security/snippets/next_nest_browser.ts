import { NextRequest, NextResponse } from "next/server";
import { Controller, Get, Query, Param, Res } from "@nestjs/common";
import { exec } from "child_process";
import { readFileSync } from "fs";
import { join } from "path";

export async function GET(req: NextRequest) {
  const target = req.nextUrl.searchParams.get("target");
  // ruleid: redirect
  return NextResponse.redirect(target!);
}

export async function POST(req: NextRequest) {
  const { cmd } = await req.json();
  // ruleid: command
  exec(`git ${cmd}`);
  return NextResponse.json({ ok: true });
}

export async function PUT(req: NextRequest) {
  const { url } = await req.json();
  // ruleid: ssrf
  const upstream = await fetch(url);
  return new NextResponse(await upstream.text());
}

export async function PATCH(req: NextRequest) {
  const body = await req.json();
  // ok: ssrf
  const upstream = await fetch("https://api.example.com/v1/items", { method: "POST", body: JSON.stringify(body) });
  return new NextResponse(await upstream.text());
}

@Controller("docs")
export class DocsController {
  @Get(":name")
  read(@Param("name") name: string) {
    // ruleid: path
    return readFileSync(join("/srv/docs", name), "utf8");
  }

  @Get("search")
  search(@Query("q") q: string, @Res() res: any) {
    // ruleid: xss
    res.send("<p>Results for " + q + "</p>");
  }

  @Get("calc")
  calc(@Query("expr") expr: string) {
    // ruleid: code
    return eval(expr);
  }
}

export function renderComment(el: HTMLElement, comment: string) {
  // ruleid: xss
  el.innerHTML = comment;
}

export function showHash() {
  const frag = decodeURIComponent(window.location.hash.slice(1));
  // ruleid: xss
  document.getElementById("out")!.insertAdjacentHTML("beforeend", frag);
}

export function showHashText() {
  const frag = decodeURIComponent(window.location.hash.slice(1));
  // ok: xss
  document.getElementById("out")!.textContent = frag;
}

export function listen() {
  window.addEventListener("message", (event: MessageEvent) => {
    // ruleid: code
    new Function(event.data.code)();
  });
}

export function notifyParent(token: string) {
  // ruleid: postmessage
  window.parent.postMessage({ token }, "*");
}

export function notifyParentOk(token: string) {
  // ok: postmessage
  window.parent.postMessage({ token }, "https://app.example.com");
}

export function loadScript() {
  const src = new URLSearchParams(location.search).get("plugin");
  const s = document.createElement("script");
  // ruleid: xss
  s.src = src!;
  document.head.appendChild(s);
}
