import Hapi from "@hapi/hapi";
import Fastify from "fastify";
import { Controller, Get, Query, Res } from "@nestjs/common";
import type { Response } from "express";
import * as child from "child_process";

const server = Hapi.server({ port: 3000 });

server.route({
  method: "GET",
  path: "/hello",
  handler: (request, h) => {
    // ruleid: reflected-xss
    return h.response("<b>" + request.query.name + "</b>").type("text/html");
  },
});

server.route({
  method: "GET",
  path: "/go",
  handler: (request, h) => {
    // ruleid: open-redirect
    return h.redirect(request.query.next as string);
  },
});

const fastify = Fastify();

fastify.get("/page", async (request: any, reply) => {
  // ruleid: reflected-xss
  reply.type("text/html").send(`<p>${request.query.msg}</p>`);
});

fastify.get("/exec", async (request: any) => {
  // ruleid: command-injection
  return child.execSync("whois " + request.query.domain).toString();
});

@Controller("auth")
export class AuthController {
  @Get("callback")
  callback(@Query("returnTo") returnTo: string, @Res() res: Response) {
    // ruleid: open-redirect
    return res.redirect(returnTo);
  }

  @Get("home")
  home(@Res() res: Response) {
    // ok: open-redirect
    return res.redirect("/dashboard");
  }
}

export function dynamic(code: string) {
  // ruleid: code-injection
  return Function("return " + code)();
}
