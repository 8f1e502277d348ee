const { generateKeyPairSync } = require("crypto");
const pair = generateKeyPairSync("rsa", { modulusLength: 4096 });
