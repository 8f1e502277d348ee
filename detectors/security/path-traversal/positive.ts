import * as fs from "fs";
export function send(req: any, res: any) {
  res.sendFile(req.query.file); // expect: path-traversal
}
export function deliver(job: any, res: any) {
  res.sendFile(job.path()); // audit: path-traversal
}
// The operator's environment names the file: only a review sees it.
export function configured(): string {
  return fs.readFileSync(process.env.CONFIG_PATH as string, "utf8"); // audit: path-traversal
}

import type { Request, Response } from "express";
// Middleware made by a factory: the destructured request fields are the client's.
export function attachmentServer() {
  return ({ params }: Request, res: Response) => {
    res.sendFile(path.resolve("uploads/", params.file)); // expect: path-traversal
  };
}
