import express, { Request, Response } from "express";

const app = express();
const cache: Record<string, string> = {};

app.put("/cache", (req: Request, res: Response) => {
  const key = String(req.query.key);
  cache[key] = String(req.body.value); // expect: remote-property-injection
  res.sendStatus(204);
});
