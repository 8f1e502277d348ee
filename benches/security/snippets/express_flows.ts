import express, { Request, Response } from "express";
import { Pool } from "pg";
import { exec } from "child_process";
import * as fs from "fs";

const app = express();
const pool = new Pool();

class UserService {
  constructor(private readonly db: Pool) {}

  byName(name: string) {
    // ruleid: sql-injection
    return this.db.query(`SELECT * FROM users WHERE name = '${name}'`);
  }

  byId(id: number) {
    // ok: sql-injection
    return this.db.query("SELECT * FROM users WHERE id = $1", [id]);
  }
}

const users = new UserService(pool);

app.get("/users", async (req: Request, res: Response) => {
  const rows = await users.byName(String(req.query.name));
  res.json(rows.rows);
});

function archive(names: string[]): string {
  return "tar czf out.tgz " + names.join(" ");
}

app.post("/archive", (req: Request, res: Response) => {
  const { files } = req.body as { files: string[] };
  const cmd = archive(files);
  // ruleid: command-injection
  exec(cmd, (err, out) => res.send(out));
});

app.get("/view", (req: Request, res: Response) => {
  const opts = { path: req.query.p as string };
  // ruleid: path-traversal
  const data = fs.readFileSync("/srv/" + opts.path);
  res.send(data);
});

app.get("/page", (req: Request, res: Response) => {
  const parts: string[] = [];
  parts.push("<div>");
  parts.push(req.query.body as string);
  parts.push("</div>");
  // ruleid: reflected-xss
  res.send(parts.join(""));
});

app.get("/page/safe", (req: Request, res: Response) => {
  const n = parseInt(req.query.n as string, 10);
  // ok: reflected-xss
  res.send("<p>" + n + "</p>");
});

export default app;
