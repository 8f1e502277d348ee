import Koa from "koa";
import Router from "@koa/router";
import { Controller, Get, Query, Param, Res } from "@nestjs/common";
import { exec } from "child_process";
import * as path from "path";
import * as fs from "fs";
import axios from "axios";
import { Pool } from "pg";

const pool = new Pool();
const router = new Router();

router.get("/search", async (ctx) => {
  const term = ctx.query.term as string;
  // ruleid: sql
  const { rows } = await pool.query(`SELECT * FROM items WHERE name = '${term}'`);
  ctx.body = rows;
});

router.get("/safe", async (ctx) => {
  // ok: sql
  const { rows } = await pool.query("SELECT * FROM items WHERE name = $1", [ctx.query.term]);
  ctx.body = rows;
});

router.get("/hello", async (ctx) => {
  // ruleid: xss
  ctx.body = `<h1>${ctx.query.name}</h1>`;
  ctx.type = "html";
});

router.get("/go", async (ctx) => {
  // ruleid: redirect
  ctx.redirect(ctx.query.to as string);
});

@Controller("files")
export class FilesController {
  @Get(":name")
  read(@Param("name") name: string) {
    // ruleid: path
    return fs.readFileSync(path.join("/srv/data", name), "utf8");
  }

  @Get("ping")
  ping(@Query("host") host: string) {
    // ruleid: command
    exec(`ping -c 1 ${host}`);
  }

  @Get("fetch")
  async fetch(@Query("url") url: string) {
    // ruleid: ssrf
    const r = await axios.get(url);
    return r.data;
  }
}

const app = new Koa();
app.use(router.routes());
