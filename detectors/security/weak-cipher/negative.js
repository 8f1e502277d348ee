const crypto = require("crypto");
const c = crypto.createCipheriv("aes-256-gcm", key, iv);
