const fs = require("fs");
const path = require("path");
function read(req) {
  return fs.readFileSync("/srv/" + path.basename(req.params.name));
}
function settings() {
  return fs.readFileSync(path.basename(process.cwd()) + ".conf");
}
