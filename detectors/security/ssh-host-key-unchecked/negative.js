const { Client } = require("ssh2");
new Client().connect({ host: "db", username: "ops", hostVerifier: (key) => key === KNOWN });
