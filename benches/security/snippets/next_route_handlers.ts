import { NextRequest, NextResponse } from "next/server";
import { exec } from "child_process";
import fs from "fs/promises";
import path from "path";
import { db } from "@/lib/db";

export async function GET(request: NextRequest) {
  const q = request.nextUrl.searchParams.get("q") ?? "";
  // ruleid: sqli
  const rows = await db.$queryRawUnsafe(`SELECT * FROM items WHERE name = '${q}'`);
  // ok: sqli
  const safe = await db.$queryRaw`SELECT * FROM items WHERE name = ${q}`;
  return NextResponse.json({ rows, safe });
}

export async function POST(request: NextRequest) {
  const body = await request.json();
  // ruleid: command
  exec(`convert ${body.file} out.png`);
  // ruleid: path
  const text = await fs.readFile(path.join("/srv/uploads", body.name), "utf8");
  // ruleid: redirect
  return NextResponse.redirect(body.next);
}

export async function PUT(request: NextRequest) {
  const { searchParams } = new URL(request.url);
  const target = searchParams.get("url");
  // ruleid: ssrf
  const res = await fetch(target!);
  // ok: ssrf
  const fixed = await fetch(`https://api.example.com/items?q=${encodeURIComponent(target ?? "")}`);
  return new Response(await res.text() + (await fixed.text()));
}

export async function DELETE(request: NextRequest) {
  const id = request.nextUrl.searchParams.get("id");
  // ok: command
  exec("ls -la");
  // ruleid: xss
  return new Response(`<p>Deleted ${id}</p>`, { headers: { "Content-Type": "text/html" } });
}
