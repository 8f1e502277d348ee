const fs = require("fs");
fs.chmodSync("/srv/app/run.sh", 0o755);
fs.mkdirSync("/srv/app/tmp", { mode: 0o777 });
