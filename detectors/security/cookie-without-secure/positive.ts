import express, { Request, Response } from "express";
const app = express();
app.post("/login", (req: Request, res: Response) => {
  res.cookie("session", String(req.query.sid)); // audit: cookie-without-secure
  res.send("ok");
});
export default app;
