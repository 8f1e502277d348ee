import express, { Request, Response } from "express";

const app = express();

app.post("/import", async (req: Request, res: Response) => {
  try {
    res.json(await loadRows(req.body));
  } catch (err: any) {
    res.status(500).json({ error: err.message, stack: err.stack }); // expect: stack-trace-exposure
  }
});
