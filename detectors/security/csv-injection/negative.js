const express = require("express");
const { createObjectCsvWriter } = require("csv-writer");
const Papa = require("papaparse");
const app = express();

app.post("/export", async (req, res) => {
  const writer = createObjectCsvWriter({ path: "/tmp/out.csv", header: [{ id: "n", title: "N" }] });
  await writer.writeRecords([{ n: Number(req.body.count) }]);
  const text = Papa.unparse([["fixed", "header"]]);
  res.type("text/csv").send(text);
});

async function save(writer, rows) {
  // A parameter: its callers decide.
  await writer.writeRecords(rows);
}
