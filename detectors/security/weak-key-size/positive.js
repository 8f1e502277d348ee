const { generateKeyPairSync } = require("crypto");
const pair = generateKeyPairSync("rsa", { modulusLength: 1024 }); // expect: weak-key-size
