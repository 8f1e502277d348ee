import crypto from "crypto";
crypto.generateKeyPair("ec", { namedCurve: "P-256" }, () => {});
