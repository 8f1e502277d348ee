const cors = require("cors");

app.use(cors({ origin: "https://app.example.com" }));

function handler(req, res) {
  res.setHeader("Access-Control-Allow-Origin", "https://app.example.com");
  res.setHeader("Cache-Control", "*");
}
app.use(require("cors")({ origin: "https://app.example.com" }));
