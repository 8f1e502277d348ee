import fs from "fs";
fs.chmod("/srv/app/data", "777", () => {}); // expect: permissive-file-permissions
