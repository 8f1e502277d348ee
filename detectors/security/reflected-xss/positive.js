function hello(req, res) {
  res.send("<h1>Hello " + req.query.name + "</h1>"); // expect: reflected-xss
}
koa.use(async (ctx) => {
  ctx.body = "<p>Hello " + ctx.query.name + "</p>"; // expect: reflected-xss
});
