import type { Request, Response } from "express";

export async function byName(req: Request, res: Response) {
  const name = req.query.name as string;
  const sql = "SELECT * FROM accounts WHERE name = '" + name + "'"; // expect: tainted-sql-string
  res.json(await store.run(sql));
}
