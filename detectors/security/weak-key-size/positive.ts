import crypto from "crypto";
crypto.generateKeyPair("rsa", { modulusLength: 512 }, () => {}); // expect: weak-key-size
