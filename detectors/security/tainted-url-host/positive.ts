import type { Request, Response } from "express";

export async function proxy(req: Request, res: Response) {
  const target = `https://${req.params.host}/status`; // expect: tainted-url-host
  res.json(await fetchJson(target));
}
