import * as crypto from "crypto";
export const c = crypto.createCipheriv("aes-256-gcm", key, iv);
