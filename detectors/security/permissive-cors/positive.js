const cors = require("cors");

app.use(cors()); // expect: permissive-cors
app.use(cors({ origin: "*" })); // expect: permissive-cors

function handler(req, res) {
  res.setHeader("Access-Control-Allow-Origin", "*"); // expect: permissive-cors
}
app.use(require("cors")({ origin: true, credentials: true })); // expect: permissive-cors
