export function send(req: any, res: any) {
  res.sendFile(req.query.file); // expect: path-traversal
}
