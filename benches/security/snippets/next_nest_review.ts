import { NextRequest, NextResponse } from "next/server";
import { Controller, Get, Query, Res, Param, Body, Post } from "@nestjs/common";
import { Response } from "express";
import { Pool } from "pg";
import * as cp from "child_process";
import * as fs from "fs";

const pool = new Pool();

export async function GET(request: NextRequest) {
  const id = request.nextUrl.searchParams.get("id");
  // ruleid: sql-injection
  const result = await pool.query(`SELECT * FROM orders WHERE id = ${id}`);
  return NextResponse.json(result.rows);
}

export async function POST(request: Request) {
  const body = await request.json();
  // ruleid: command-injection
  cp.execSync("convert " + body.file + " out.png");
  return NextResponse.json({ ok: true });
}

export async function PUT(request: NextRequest) {
  const url = request.nextUrl.searchParams.get("next") ?? "/";
  // ruleid: open-redirect
  return NextResponse.redirect(url);
}

@Controller("files")
export class FilesController {
  @Get(":name")
  read(@Param("name") name: string, @Res() res: Response) {
    // ruleid: path-traversal
    const data = fs.readFileSync("/srv/" + name);
    res.send(data);
  }

  @Get("search")
  async search(@Query("q") q: string) {
    // ruleid: sql-injection
    return pool.query("SELECT * FROM files WHERE name = '" + q + "'");
  }

  @Get("safe")
  async safe(@Query("q") q: string) {
    // ok: sql-injection
    return pool.query("SELECT * FROM files WHERE name = $1", [q]);
  }

  @Post("eval")
  run(@Body() body: { code: string }) {
    // ruleid: code-injection
    return new Function(body.code)();
  }
}

export function render(el: HTMLElement) {
  const frag = window.location.hash.substring(1);
  // ruleid: dom-xss
  el.innerHTML = decodeURIComponent(frag);
}

export function render2(el: HTMLElement) {
  const frag = window.location.hash.substring(1);
  // ok: dom-xss
  el.textContent = decodeURIComponent(frag);
}

window.addEventListener("message", (event: MessageEvent) => {
  // ruleid: dom-xss
  document.getElementById("out")!.innerHTML = event.data;
});

export async function loadProfile() {
  const resp = await fetch("/api/profile");
  const data = await resp.json();
  // ruleid: dom-xss
  document.body.insertAdjacentHTML("beforeend", data.bio);
}
