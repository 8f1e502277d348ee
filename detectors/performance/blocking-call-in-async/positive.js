const fs = require("fs");

async function load(path) {
  const text = fs.readFileSync(path, "utf8"); // expect: blocking-call-in-async
  return JSON.parse(text);
}
