const express = require("express");
const session = require("express-session");
const cors = require("cors");
const https = require("https");

const app = express();
// ruleid: cors
app.use(cors({ origin: true, credentials: true }));
app.use(
  session({
    // ruleid: secret
    secret: "keyboard cat",
    // ruleid: cookie
    cookie: { secure: false },
  })
);

// ruleid: tls
const agent = new https.Agent({ rejectUnauthorized: false });

// ruleid: tls
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";

module.exports = { app, agent };
