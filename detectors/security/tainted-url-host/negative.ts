import type { Request, Response } from "express";

export async function proxy(req: Request, res: Response) {
  const target = `https://status.example.com/${req.params.service}`;
  res.json(await fetchJson(target));
}
