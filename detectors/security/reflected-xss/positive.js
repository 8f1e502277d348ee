function hello(req, res) {
  res.send("<h1>Hello " + req.query.name + "</h1>"); // expect: reflected-xss
}
koa.use(async (ctx) => {
  ctx.body = "<p>Hello " + ctx.query.name + "</p>"; // expect: reflected-xss
});
fastify.get("/search", async (request, reply) => {
  reply.type("text/html").send("<div>" + request.query.q + "</div>"); // expect: reflected-xss
});
http.createServer((req, res) => {
  const query = url.parse(req.url, true).query;
  res.end("<p>" + query.msg + "</p>"); // expect: reflected-xss
});

const hapiSearch = (request, h) => {
  return h.response("<i>" + request.query.term + "</i>").type("text/html"); // expect: reflected-xss
};
app.get("/echo", (req, res) => {
  res.set("Content-Type", "text/html");
  res.send("You said " + req.query.text); // expect: reflected-xss
});

// A worker answering HTML.
export default {
  async fetch(request) {
    const name = new URL(request.url).searchParams.get("name");
    return new Response("<h1>" + name + "</h1>", { headers: { "content-type": "text/html;charset=UTF-8" } }); // expect: reflected-xss
  },
};
exports.handler = async (event) => {
  const name = event.queryStringParameters.name;
  return {
    statusCode: 200,
    headers: { "Content-Type": "text/html" },
    body: "<p>Hello " + name + "</p>", // expect: reflected-xss
  };
};
const { marked } = require("marked");
app.get("/greet/:name", (req, res) => {
  if (req.query.plain) {
    res.set("Content-Type", "text/plain");
    res.send("Hello " + req.params.name);
  } else {
    res.set("Content-Type", "text/html");
    res.send("Hello " + req.params.name); // expect: reflected-xss
  }
});
app.get("/notes/:id", (req, res) => {
  if (req.query.json) {
    res.writeHead(200, { "Content-Type": "application/json" });
    return res.end(JSON.stringify({ id: req.params.id }));
  }
  res.writeHead(404);
  res.end("No note " + req.params.id); // expect: reflected-xss
});
app.post("/preview", (req, res) => {
  res.send(marked(req.body.text)); // expect: reflected-xss
});
