import type { Request, Response } from "express";

export async function proxy(req: Request, res: Response) {
  const target = `https://status.example.com/${req.params.service}`;
  res.json(await fetchJson(target));
}

export async function search(req: Request, res: Response) {
  // The host is the server's own; only the query comes from the request.
  const url = "https://" + config.apiHost + "/search?q=" + req.query.q;
  const other = `https://${config.apiHost}/search?q=${req.query.q}`;
  res.json({ a: await fetchText(url), b: await fetchText(other) });
}
