import React from "react";
import express, { Request, Response } from "express";
import jwt from "jsonwebtoken";
import { DOMParser } from "xmldom";

export function Bio({ html }: { html: string }) {
  // ruleid: xss-sink
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Link() {
  const params = new URLSearchParams(window.location.search);
  const to = params.get("to") || "/";
  // ruleid: dom-url-injection
  return <a href={to}>continue</a>;
}

export function Go() {
  const next = new URLSearchParams(location.search).get("next");
  // ruleid: open-redirect
  window.location.href = next!;
  return null;
}

const router = express.Router();

router.get("/me", (req: Request, res: Response) => {
  const token = req.headers.authorization ?? "";
  // ruleid: jwt-unverified
  const claims = jwt.decode(token);
  res.json(claims);
});

router.post("/profile", async (req: Request, res: Response) => {
  const user: any = {};
  // ruleid: mass-assignment
  Object.assign(user, req.body);
  res.json(user);
});

router.get("/cookie", (req: Request, res: Response) => {
  // ruleid: insecure-cookie
  res.cookie("session", "abc", { httpOnly: false, secure: false });
  res.end();
});

router.get("/cors", (req: Request, res: Response) => {
  // ruleid: cors-origin-from-request
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin as string);
  res.end();
});

router.post("/xml", (req: Request, res: Response) => {
  const doc = new DOMParser().parseFromString(req.body.xml, "text/xml");
  res.json({ ok: !!doc });
});

export function slowMatch(input: string) {
  // ruleid: redos-pattern
  return /^(a+)+$/.test(input);
}

export default router;
