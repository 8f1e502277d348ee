import express, { Request, Response } from "express";
const app = express();

app.post("/message", async (req: Request, res: Response) => {
  const message = req.query.message as string;
  let html: string = "<h1>" + "message: " + message + "</h1>"; // expect: tainted-html-string
  store(html);
  res.json({ ok: true });
});

export async function card(req: Request, res: Response): Promise<void> {
  const card = `<div class="card">${req.query.name!}</div>`; // expect: tainted-html-string
  queue.push(card);
  res.end();
}

window.addEventListener("message", (event: MessageEvent<string>) => {
  const note: string = '<span title="' + event.data + '">note</span>'; // expect: tainted-html-string
  keep(note);
});
