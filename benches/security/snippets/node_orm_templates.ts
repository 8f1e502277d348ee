// Route handlers over ORMs, templates and processes in Express and Next.js pages, as a review would read them.
import { exec, execSync, spawn } from "child_process";
import fs from "fs";
import path from "path";
import vm from "vm";
import axios from "axios";
import express, { Request, Response } from "express";
import Handlebars from "handlebars";
import ejs from "ejs";
import knex from "knex";
import { PrismaClient } from "@prisma/client";
import { Sequelize, QueryTypes } from "sequelize";
import type { NextApiRequest, NextApiResponse } from "next";

const app = express();
const db = knex({ client: "pg" });
const prisma = new PrismaClient();
const sequelize = new Sequelize("postgres://localhost/app");

app.get("/orders", async (req: Request, res: Response) => {
  // ruleid: sql-injection
  const rows = await db.raw(`SELECT * FROM orders WHERE status = '${req.query.status}'`);
  res.json(rows);
});

app.get("/orders/bound", async (req: Request, res: Response) => {
  // ok: sql-injection
  const rows = await db.raw("SELECT * FROM orders WHERE status = ?", [req.query.status as string]);
  res.json(rows);
});

app.get("/customers", async (req: Request, res: Response) => {
  // ruleid: sql-injection
  const rows = await prisma.$queryRawUnsafe(`SELECT * FROM customers WHERE name = '${req.query.name}'`);
  res.json(rows);
});

app.get("/customers/tagged", async (req: Request, res: Response) => {
  // ok: sql-injection
  const rows = await prisma.$queryRaw`SELECT * FROM customers WHERE name = ${req.query.name}`;
  res.json(rows);
});

app.get("/invoices", async (req: Request, res: Response) => {
  // ruleid: sql-injection
  const rows = await sequelize.query("SELECT * FROM invoices WHERE owner = '" + req.query.owner + "'", { type: QueryTypes.SELECT });
  res.json(rows);
});

app.post("/render", (req: Request, res: Response) => {
  // ruleid: template-injection
  const template = Handlebars.compile(req.body.template);
  res.send(template({ user: "guest" }));
});

app.post("/render/ejs", (req: Request, res: Response) => {
  // ruleid: template-injection
  res.send(ejs.render(req.body.page, { user: "guest" }));
});

app.post("/calc", (req: Request, res: Response) => {
  // ruleid: code-injection
  const result = vm.runInNewContext(req.body.expression, {});
  res.json({ result });
});

app.get("/convert", (req: Request, res: Response) => {
  // ruleid: command-injection
  execSync(`convert ${req.query.file} out.png`);
  res.sendStatus(204);
});

app.get("/archive", (req: Request, res: Response) => {
  // ruleid: command-injection
  const child = spawn("tar", ["czf", "out.tgz", req.query.dir as string], { shell: true });
  child.on("close", () => res.sendStatus(204));
});

app.get("/archive/plain", (req: Request, res: Response) => {
  // ok: command-injection
  const child = spawn("tar", ["czf", "out.tgz", req.query.dir as string]);
  child.on("close", () => res.sendStatus(204));
});

app.get("/download", (req: Request, res: Response) => {
  // ruleid: path-traversal
  res.download(path.join("/srv/exports", req.query.name as string));
});

app.get("/download/base", (req: Request, res: Response) => {
  // ok: path-traversal
  res.download(path.join("/srv/exports", path.basename(req.query.name as string)));
});

app.get("/proxy", async (req: Request, res: Response) => {
  // ruleid: ssrf
  const upstream = await axios.get(req.query.url as string);
  res.send(upstream.data);
});

app.get("/hello", (req: Request, res: Response) => {
  // ruleid: reflected-xss
  res.send(`<h1>Hello ${req.query.name}</h1>`);
});

app.get("/hello/text", (req: Request, res: Response) => {
  // ok: reflected-xss
  res.type("text/plain").send(`Hello ${req.query.name}`);
});

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const file = req.query.file as string;
  // ruleid: path-traversal
  const data = fs.readFileSync(path.join(process.cwd(), "content", file), "utf8");
  // ruleid: open-redirect
  if (!data) return res.redirect(req.query.back as string);
  res.status(200).send(data);
}

app.post("/hook", (req: Request, res: Response) => {
  // ruleid: command-injection
  exec("git checkout " + req.body.ref, () => res.sendStatus(204));
});
