const fs = require("fs");

function save(data) {
  fs.writeFileSync("/tmp/upload.bin", data); // expect: hardcoded-tmp-path
}

module.exports = { save };
