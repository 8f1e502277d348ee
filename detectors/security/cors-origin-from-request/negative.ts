import express, { Request, Response } from "express";
const app = express();
const ALLOWED: ReadonlySet<string> = new Set(["https://app.example.com"]);

app.get("/a", (req: Request, res: Response) => {
  res.set("access-control-allow-origin", "https://app.example.com");
  res.json({ ok: true });
});

export function preflight(req: Request, res: Response): void {
  const origin = req.headers.origin as string;
  if (ALLOWED.has(origin)) {
    res.setHeader("Access-Control-Allow-Origin", origin);
  }
  res.end();
}

export function corsFor(origin: string, res: Response): void {
  // A parameter: its callers decide.
  res.setHeader("Access-Control-Allow-Origin", origin);
}
