import express, { Request, Response } from "express";
import { createObjectCsvWriter } from "csv-writer";
import Papa from "papaparse";
const app = express();

interface Row {
  name: string;
}

app.post("/export", async (req: Request, res: Response) => {
  const writer = createObjectCsvWriter({ path: "/tmp/out.csv", header: [{ id: "name", title: "Name" }] });
  const rows: Row[] = [{ name: req.body.name as string }];
  await writer.writeRecords(rows); // expect: csv-injection
  const text: string = Papa.unparse([[req.query.note as string, "x"]]); // expect: csv-injection
  res.type("text/csv").send(text);
});
