const fs = require("fs");
fs.chmodSync("/srv/app/run.sh", 0o777); // expect: permissive-file-permissions
