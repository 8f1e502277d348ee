import https from "https";
export const agent = new https.Agent({ minVersion: "TLSv1" }); // expect: weak-tls-version
