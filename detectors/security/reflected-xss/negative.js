const escapeHtml = require("escape-html");
function hello(req, res) {
  res.send("<h1>Hello " + escapeHtml(req.query.name) + "</h1>");
}
koa.use(async (ctx) => {
  ctx.body = { name: ctx.query.name };
  ctx.body = "<p>Hello " + escapeHtml(ctx.query.name) + "</p>";
});
fastify.get("/search", async (request, reply) => {
  reply.type("text/html").send("<div>" + escapeHtml(request.query.q) + "</div>");
  reply.code(200).send({ q: request.query.q });
});

const hapiJson = (request, h) => h.response({ term: request.query.term });
app.get("/echo", (req, res) => {
  res.set("Content-Type", "text/plain");
  res.send("You said " + req.query.text);
});
app.get("/echo.json", (req, res) => {
  res.type("json").send(JSON.stringify({ text: req.query.text }));
});

export default {
  async fetch(request) {
    const name = new URL(request.url).searchParams.get("name");
    return new Response("Hello " + name);
  },
};
exports.handler = async (event) => {
  const name = event.queryStringParameters.name;
  return {
    statusCode: 200,
    headers: { "Content-Type": "text/plain" },
    body: "Hello " + name,
  };
};
app.get("/greet/:name", (req, res) => {
  res.writeHead(200, { "Content-Type": "application/json" });
  if (req.query.short) {
    res.end("Hello " + req.params.name);
  } else {
    res.end("Good day " + req.params.name);
  }
});

app.get("/echo-encoded", (req, res) => {
  res.send(encodeURI(req.query.q));
});
