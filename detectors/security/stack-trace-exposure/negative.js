const express = require("express");
const app = express();

app.get("/export", async (req, res) => {
  try {
    res.json(await runExport());
  } catch (err) {
    console.error(err.stack);
    res.status(500).send("internal error");
  }
});

function trace(stream, err) {
  stream.write(err.stack);
}
