import path from "path";
import type { Request, Response } from "express";
import { Controller, Get, Query, Redirect } from "@nestjs/common";

const request = require("request");
const superagent = require("superagent");

// Middleware made by a factory, as Express apps often export it.
module.exports = function thumbnails() {
  return ({ params, query }: Request, res: Response) => {
    // ruleid: ssrf
    request.get(query.source);
    // ok: ssrf
    request.get(`https://images.example.com/${query.id}/thumb.png`);
    // ruleid: path
    res.sendFile(path.resolve("thumbs/", params.file));
  };
};

export async function preview(req: Request, res: Response) {
  // ruleid: ssrf
  const page = await superagent.get(`${req.body.url}/preview`);
  // ok: ssrf
  const status = await superagent.get("https://status.example.com/health");
  res.json({ page: page.text, status: status.ok });
}

@Controller("go")
export class GoController {
  @Get()
  @Redirect("https://example.com", 302)
  go(@Query("to") to: string) {
    // ruleid: redirect
    return { url: to };
  }

  @Get("docs")
  @Redirect("https://example.com", 302)
  docs(@Query("v") v: string) {
    // ok: redirect
    return { url: v === "5" ? "https://docs.example.com/v5" : "https://docs.example.com" };
  }
}
