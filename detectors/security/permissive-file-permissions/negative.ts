import fs from "fs";
fs.chmod("/srv/app/data", "600", () => {});
