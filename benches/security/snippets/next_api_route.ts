import { NextRequest, NextResponse } from "next/server";
import { exec } from "child_process";
import { readFileSync } from "fs";
import { join } from "path";
import { createHash } from "crypto";
import { Pool } from "pg";

const pool = new Pool();

export async function GET(request: NextRequest) {
  const id = request.nextUrl.searchParams.get("id");
  // ruleid: sql-injection
  const rows = await pool.query("SELECT * FROM items WHERE id = " + id);
  // ok: sql-injection
  const safe = await pool.query("SELECT * FROM items WHERE id = $1", [id]);
  return NextResponse.json({ rows: rows.rows, safe: safe.rows });
}

export async function POST(request: NextRequest) {
  const body = await request.json();
  // ruleid: command-injection
  exec("convert " + body.file + " out.png");
  // ruleid: path-traversal
  const text = readFileSync(join("/data", body.name), "utf8");
  return NextResponse.json({ text });
}

export async function PUT(request: NextRequest) {
  const { searchParams } = new URL(request.url);
  const next = searchParams.get("next") ?? "/";
  // ruleid: open-redirect
  return NextResponse.redirect(next);
}

export function hashPassword(password: string): string {
  // ruleid: weak-hash
  return createHash("sha1").update(password).digest("hex");
}

export async function fetchRemote(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("url")!;
  // ruleid: ssrf
  const res = await fetch(target);
  return NextResponse.json(await res.json());
}
