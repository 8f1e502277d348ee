function calc(req) {
  return JSON.parse(req.body.expr);
}
const vm = require("vm");
function sandbox() {
  return vm.runInNewContext("1 + 1", {});
}
const DELAY = 100;
function later(store) {
  setTimeout(store.callback(), DELAY);
}
window.addEventListener("message", (event) => {
  if (event.origin !== "https://app.example.com") return;
  eval(event.data.script);
});
function compiled(req) {
  const f = new Function("row", "return row.id");
  return f(req.body);
}
function load(name) {
  return require("./plugins/" + name);
}
app.get("/plugin", (req, res) => {
  require("./plugins/csv");
});
const vm = require("vm");
app.post("/script", (req, res) => {
  const script = new vm.Script("result = a + b");
  res.json(script.runInNewContext({ a: Number(req.body.a), b: 2 }));
});
function fixedGlobal() {
  window.eval("initWidgets()");
}
app.post("/render-safe", async (req, res) => {
  const page = await browser.newPage();
  await page.setContent("<html><body>report</body></html>");
  await page.evaluate((term) => highlight(term), req.body.term);
  res.send(await page.pdf());
});
app.get("/tasks", (req, res) => {
  const runner = makeRunner();
  runner.run("compute(" + req.query.expr + ")");
  res.send("queued");
});
const phantom = require("phantom");
app.post("/snapshot", async (req, res) => {
  const instance = await phantom.create();
  const page = await instance.createPage();
  await page.property("viewportSize", { width: Number(req.body.width), height: 600 });
  await page.property("content", "<html><body>report</body></html>");
  await page.evaluateJavaScript("function () { return document.title; }");
  res.send("ok");
});

const { NodeVM } = require("vm2");

app.get("/vm2", (req, res) => {
  const nodeVM = new NodeVM({ timeout: 1000, sandbox: { input: String(req.query.input) } });
  nodeVM.run('module.exports = "hello"');
  res.send("ok");
});

app.get("/jobs", (req, res) => {
  const runner = makeRunner();
  runner.run(req.query.job);
  res.send("ok");
});
const getId = Function("row", "return row.id");
