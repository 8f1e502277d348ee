import express, { Request, Response } from "express";
const app = express();

app.get("/a", (req: Request, res: Response) => {
  const origin = req.query.origin as string;
  res.writeHead(200, { "Access-Control-Allow-Origin": origin }); // expect: cors-origin-from-request
});

export function preflight(req: Request, res: Response): void {
  const origin: string = req.headers.origin!;
  res.setHeader("Access-Control-Allow-Origin", origin); // expect: cors-origin-from-request
  res.end();
}
