import { NextRequest, NextResponse } from "next/server";
import { exec } from "child_process";
import { db } from "@/lib/db";

export async function GET(request: NextRequest) {
  const q = request.nextUrl.searchParams.get("q");
  // ruleid: sql-injection
  const rows = await db.query(`SELECT * FROM posts WHERE title LIKE '%${q}%'`);
  // ok: sql-injection
  const safe = await db.query("SELECT * FROM posts WHERE title LIKE $1", [`%${q}%`]);
  return NextResponse.json(rows);
}

export async function POST(request: Request) {
  const body = await request.json();
  // ruleid: command-injection
  exec(`convert ${body.file} out.png`);
  // ruleid: open-redirect
  return NextResponse.redirect(body.returnTo);
}
