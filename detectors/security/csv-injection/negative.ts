import express, { Request, Response } from "express";
import { createObjectCsvWriter } from "csv-writer";
import Papa from "papaparse";
const app = express();

app.post("/export", async (req: Request, res: Response) => {
  const writer = createObjectCsvWriter({ path: "/tmp/out.csv", header: [{ id: "n", title: "N" }] });
  await writer.writeRecords([{ n: Number(req.body.count) }]);
  const text: string = Papa.unparse([["fixed", "header"]]);
  res.type("text/csv").send(text);
});

export async function save(writer: { writeRecords(rows: object[]): Promise<void> }, rows: object[]): Promise<void> {
  // A parameter: its callers decide.
  await writer.writeRecords(rows);
}
