import express, { Request, Response } from "express";
const app = express();

app.post("/message", async (req: Request, res: Response) => {
  const text: string = "message: " + (req.query.message as string);
  const fixed: string = "<h1>" + "Welcome" + "</h1>";
  const count: string = "<p>" + Number(req.query.count) + "</p>";
  console.log("<div>" + req.query.message + "</div>");
  res.json({ text, fixed, count });
});

export function banner(name: string): string {
  // A parameter: its callers decide.
  return "<b>" + name + "</b>";
}

(document.getElementById("out") as HTMLElement).innerHTML = "<p>" + location.hash + "</p>"; // the assignment is its own sink
