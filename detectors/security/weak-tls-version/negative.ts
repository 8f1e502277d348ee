import https from "https";
export const agent = new https.Agent({ minVersion: "TLSv1.3" });
