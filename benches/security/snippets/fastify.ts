import Fastify from "fastify";
import { execSync } from "child_process";
const fastify = Fastify();

fastify.get("/ping", async (request, reply) => {
  const { host } = request.query as { host: string };
  // ruleid: command-injection
  const out = execSync(`ping -c 1 ${host}`);
  // ruleid: reflected-xss
  reply.type("text/html").send(`<pre>${host}</pre>`);
});

fastify.post("/eval", async (request) => {
  const body = request.body as any;
  // ruleid: code-injection
  return eval(body.expr);
});
