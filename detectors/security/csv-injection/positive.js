const express = require("express");
const { createObjectCsvWriter } = require("csv-writer");
const Papa = require("papaparse");
const app = express();

app.post("/export", async (req, res) => {
  const writer = createObjectCsvWriter({ path: "/tmp/out.csv", header: [{ id: "name", title: "Name" }] });
  await writer.writeRecords([{ name: req.body.name }]); // expect: csv-injection
  const text = Papa.unparse([[req.query.note, "x"]]); // expect: csv-injection
  res.type("text/csv").send(text);
});
