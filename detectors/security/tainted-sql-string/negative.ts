import type { Request, Response } from "express";

export async function byName(req: Request, res: Response) {
  const name = req.query.name as string;
  const sql = "SELECT * FROM accounts WHERE name = $1";
  const label: string = "Selected from the list: " + name;
  res.json({ rows: await store.run(sql, [name]), label });
}
