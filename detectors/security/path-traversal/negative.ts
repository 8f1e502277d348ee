export function send(req: any, res: any) {
  res.sendFile("index.html");
}
