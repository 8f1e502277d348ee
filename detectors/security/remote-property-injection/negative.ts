import express, { Request, Response } from "express";

const app = express();
const cache = new Map<string, string>();
const counts: Record<string, number> = {};

app.put("/cache", (req: Request, res: Response) => {
  cache.set(String(req.query.key), String(req.body.value));
  counts["hits"] = (counts["hits"] ?? 0) + 1;
  res.sendStatus(204);
});

export function tally(words: string[]): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const word of words) {
    seen[word] = (seen[word] ?? 0) + 1;
  }
  return seen;
}
