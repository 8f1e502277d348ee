const tls = require("tls");
tls.connect({ host: "example.com", port: 443, minVersion: "TLSv1.2" });
