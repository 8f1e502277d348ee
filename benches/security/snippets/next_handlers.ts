import { NextRequest, NextResponse } from "next/server";
import { execFile, exec } from "child_process";
import { readFile } from "fs/promises";

export async function GET(req: NextRequest) {
  const file = req.nextUrl.searchParams.get("file") ?? "";
  // ruleid: path
  const data = await readFile(`./content/${file}`, "utf8");
  return NextResponse.json({ data });
}

export async function POST(req: Request) {
  const { host } = await req.json();
  // ok: command
  execFile("ping", ["-c", "1", host]);
  // ruleid: command
  exec("nslookup " + host);
  return new Response("ok");
}

export async function PUT(req: NextRequest) {
  const next = req.nextUrl.searchParams.get("next")!;
  // ruleid: redirect
  return NextResponse.redirect(next);
}
