import express, { Request, Response } from "express";

const app = express();

app.post("/import", async (req: Request, res: Response) => {
  try {
    res.json(await loadRows(req.body));
  } catch (err: any) {
    logger.error(err.stack);
    res.status(500).json({ error: "internal error" });
  }
});
