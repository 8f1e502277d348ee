const fs = require("fs");

async function load(path) {
  const text = await fs.promises.readFile(path, "utf8");
  return JSON.parse(text);
}

function loadSync(path) {
  return JSON.parse(fs.readFileSync(path, "utf8"));
}
