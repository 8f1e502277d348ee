const { execFile } = require("child_process");
function run(req) {
  execFile("ls", [req.query.dir]);
}
exports.handler = async (event) => {
  execFile("convert", [event.file]);
};
