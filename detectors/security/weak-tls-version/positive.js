const tls = require("tls");
tls.connect({ host: "example.com", port: 443, secureProtocol: "TLSv1_method" }); // expect: weak-tls-version
