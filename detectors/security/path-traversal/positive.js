const fs = require("fs");
function read(req) {
  return fs.readFileSync("/srv/" + req.params.name); // expect: path-traversal
}
function exportTo(job) {
  return fs.writeFileSync(job.outputPath(), "x"); // audit: path-traversal
}
