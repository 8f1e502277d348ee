import express, { Request, Response } from "express";
import { exec } from "child_process";
import { Client } from "pg";
import * as path from "path";
import * as fs from "fs/promises";

const app = express();
const db = new Client();

function buildWhere(field: string, value: string): string {
  return `${field} = '${value}'`;
}

async function runQuery(sql: string) {
  // ruleid: sql-injection
  return db.query(sql);
}

app.get("/a", async (req: Request, res: Response) => {
  const where = buildWhere("name", req.query.name as string);
  res.json(await runQuery("SELECT * FROM t WHERE " + where));
});

export async function constantOnly() {
  return runQuery("SELECT 1");
}

class Backup {
  constructor(private dir: string) {}
  run() {
    // ruleid: command-injection
    exec(`tar czf backup.tgz ${this.dir}`);
  }
}

app.post("/backup", (req: Request, res: Response) => {
  new Backup(req.body.dir).run();
  res.end();
});

app.get("/parts", (req: Request, res: Response) => {
  const parts: string[] = ["ls"];
  parts.push(req.query.dir as string);
  // ruleid: command-injection
  exec(parts.join(" "));
  res.end();
});

app.get("/obj", async (req: Request, res: Response) => {
  const opts = { file: req.query.f as string };
  const { file } = opts;
  // ruleid: path-traversal
  const data = await fs.readFile(path.resolve("/srv", file));
  res.send(data);
});

app.get("/safe", async (req: Request, res: Response) => {
  const file = path.basename(req.query.f as string);
  // ok: path-traversal
  const data = await fs.readFile(path.join("/srv", file));
  res.send(data);
});

app.get("/num", async (req: Request, res: Response) => {
  const id = Number(req.query.id);
  // ok: sql-injection
  res.json(await db.query(`SELECT * FROM t WHERE id = ${id}`));
});

app.get("/cb", (req: Request, res: Response) => {
  const ids = String(req.query.ids).split(",");
  ids.forEach((id) => {
    // ruleid: sql-injection
    db.query("DELETE FROM t WHERE id = " + id);
  });
  res.end();
});

export default app;
