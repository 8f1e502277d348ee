import express, { Request, Response } from "express";
const app = express();
app.post("/login", (req: Request, res: Response) => {
  res.cookie("session", String(req.query.sid), { secure: true, httpOnly: true, sameSite: "strict" });
  res.send("ok");
});
export default app;
