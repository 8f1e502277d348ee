const fs = require("fs");
fs.chmodSync("/srv/app/run.sh", 0o755);
