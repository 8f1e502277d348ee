const crypto = require("crypto");
const c = crypto.createCipheriv("des-ede3-cbc", key, iv); // expect: weak-cipher
const legacy = crypto.createCipher("aes-256-cbc", "password"); // expect: weak-cipher
