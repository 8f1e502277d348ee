const https = require("https");
const agent = new https.Agent({ rejectUnauthorized: true });
