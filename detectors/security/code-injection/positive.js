function calc(req) {
  return eval(req.body.expr); // expect: code-injection
}
const vm = require("vm");
function sandbox(req) {
  return vm.runInNewContext(req.query.code, {}); // expect: code-injection
}
function evaluate(store) {
  return eval(store.formula()); // audit: code-injection
}
window.addEventListener("message", (event) => {
  eval(event.data.script); // expect: code-injection
});
async function plugin(url) {
  const response = await fetch(url);
  const source = await response.text();
  return eval(source); // expect: code-injection
}
app.get("/later", (req, res) => {
  setTimeout(req.query.callback, 100); // expect: code-injection
});
function compile(req) {
  return new Function("row", "index", req.body.src); // expect: code-injection
}
function evaluate(req) {
  return Function("return " + req.query.expr)(); // expect: code-injection
}
app.get("/plugin", (req, res) => {
  require(req.query.plugin); // expect: code-injection
});
const vm = require("vm");
app.post("/script", (req, res) => {
  const script = new vm.Script("result = " + req.body.expr); // expect: code-injection
  res.json(script.runInNewContext({}));
});
function fromHash() {
  window.eval(location.hash.slice(1)); // expect: code-injection
}
app.post("/render", async (req, res) => {
  const page = await browser.newPage();
  await page.setContent("<html>" + req.body.html + "</html>"); // expect: code-injection
  await page.evaluate("highlight(" + req.body.term + ")"); // expect: code-injection
  res.send(await page.pdf());
});
const Sandbox = require("sandbox");
app.get("/calc", (req, res) => {
  const box = new Sandbox();
  box.run("compute(" + req.query.expr + ")", (out) => res.send(out.result)); // expect: code-injection
});
const phantom = require("phantom");
app.post("/snapshot", async (req, res) => {
  const instance = await phantom.create();
  const page = await instance.createPage();
  await page.property("content", req.body.html); // expect: code-injection
  await page.evaluateJavaScript(req.body.script); // expect: code-injection
  res.send("ok");
});

// `encodeURI` keeps `(`, `)`, `;` and `'`: the code is still the request's.
app.get("/calc", (req, res) => {
  res.send(String(eval(encodeURI(req.query.expr)))); // expect: code-injection
});

const { VM, NodeVM, VMScript } = require("vm2");

app.get("/vm2", (req, res) => {
  new VM({ timeout: 1000 }).run(`console.log(${req.query.input})`); // expect: code-injection
  const nodeVM = new NodeVM({ timeout: 1000 });
  nodeVM.run("console.log(" + req.query.input + ")"); // expect: code-injection
  const script = new VMScript(req.body.script); // expect: code-injection
  res.send("ok");
});
