import Koa from "koa";
import Router from "@koa/router";
import { spawn } from "child_process";
import { Sequelize, QueryTypes } from "sequelize";
import type { NextApiRequest, NextApiResponse } from "next";
import { NextRequest, NextResponse } from "next/server";

const sequelize = new Sequelize("sqlite::memory:");
const router = new Router();

router.get("/users", async (ctx) => {
  const name = ctx.query.name as string;
  // ruleid: sql-injection
  const users = await sequelize.query(`SELECT * FROM users WHERE name = '${name}'`, { type: QueryTypes.SELECT });
  // ok: sql-injection
  const safe = await sequelize.query("SELECT * FROM users WHERE name = ?", { replacements: [name], type: QueryTypes.SELECT });
  ctx.body = { users, safe };
});

router.post("/convert", async (ctx) => {
  const { file } = ctx.request.body as { file: string };
  // ruleid: command-injection
  spawn("convert " + file + " out.pdf", { shell: true });
  ctx.body = "ok";
});

router.get("/go", async (ctx) => {
  // ruleid: open-redirect
  ctx.redirect(ctx.query.to as string);
});

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const id = req.query.id as string;
  // ruleid: code-injection
  const result = eval("compute(" + id + ")");
  res.status(200).json({ result });
}

export async function GET(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("url")!;
  // ruleid: ssrf
  const upstream = await fetch(target);
  // ruleid: open-redirect
  return NextResponse.redirect(new URL(request.nextUrl.searchParams.get("next")!, request.url));
}
