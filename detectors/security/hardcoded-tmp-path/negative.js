const fs = require("fs");
const os = require("os");
const path = require("path");

function save(data) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-"));
  fs.writeFileSync(path.join(dir, "upload.bin"), data);
  console.log("/tmp/upload.bin is no longer used");
}

module.exports = { save };
