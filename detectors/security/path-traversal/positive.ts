export function send(req: any, res: any) {
  res.sendFile(req.query.file); // expect: path-traversal
}
export function deliver(job: any, res: any) {
  res.sendFile(job.path()); // audit: path-traversal
}
