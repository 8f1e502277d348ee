import type { Response } from "express";
export function signIn(res: Response, token: string): void {
  res.cookie("access_token", token, { httpOnly: true }); // expect: session-cookie-not-secure
}
