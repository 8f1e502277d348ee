import * as crypto from "crypto";
export const c = crypto.createCipheriv("rc4", key, null); // expect: weak-cipher
