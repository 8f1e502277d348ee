const fs = require("fs");
const path = require("path");
function read(req) {
  return fs.readFileSync("/srv/" + path.basename(req.params.name));
}
