import express, { Request, Response } from "express";
import { Sequelize, QueryTypes } from "sequelize";
import mongoose from "mongoose";
import * as ldap from "ldapjs";
import * as xpath from "xpath";
import { DOMParser } from "@xmldom/xmldom";
import fetch from "node-fetch";
import * as unzipper from "unzipper";
import * as fs from "fs";
import * as path from "path";
import _ from "lodash";

const app = express();
const sequelize = new Sequelize("sqlite::memory:");
const User = mongoose.model("User", new mongoose.Schema({ name: String }));
const client = ldap.createClient({ url: "ldap://localhost" });

app.get("/users", async (req: Request, res: Response) => {
  // ruleid: sql
  const rows = await sequelize.query(`SELECT * FROM users WHERE name = '${req.query.name}'`, { type: QueryTypes.SELECT });
  res.json(rows);
});

app.get("/users-safe", async (req: Request, res: Response) => {
  // ok: sql
  const rows = await sequelize.query("SELECT * FROM users WHERE name = ?", { replacements: [req.query.name], type: QueryTypes.SELECT });
  res.json(rows);
});

app.post("/login", async (req: Request, res: Response) => {
  // ruleid: nosql
  const user = await User.findOne({ name: req.body.name, password: req.body.password });
  res.json(user);
});

app.get("/ldap", (req: Request, res: Response) => {
  const filter = "(uid=" + req.query.user + ")";
  // ruleid: ldap
  client.search("dc=example,dc=com", { filter }, () => res.end());
});

app.post("/xpath", (req: Request, res: Response) => {
  const doc = new DOMParser().parseFromString("<users/>");
  // ruleid: xpath
  const nodes = xpath.select("//user[name='" + req.body.name + "']", doc);
  res.json(nodes.length);
});

app.get("/proxy", async (req: Request, res: Response) => {
  // ruleid: ssrf
  const r = await fetch(String(req.query.url));
  res.send(await r.text());
});

app.post("/unzip", (req: Request, res: Response) => {
  fs.createReadStream("/tmp/upload.zip")
    .pipe(unzipper.Parse())
    .on("entry", (entry: any) => {
      // ruleid: zipslip
      entry.pipe(fs.createWriteStream(path.join("/srv/out", entry.path)));
    });
  res.end();
});

app.post("/merge", (req: Request, res: Response) => {
  const settings = {};
  // ruleid: prototype
  _.merge(settings, req.body);
  res.json(settings);
});

app.get("/log", (req: Request, res: Response) => {
  // ruleid: log
  console.log("user search: " + req.query.q);
  res.end();
});

app.get("/err", (req: Request, res: Response) => {
  try {
    throw new Error("x");
  } catch (err: any) {
    // ruleid: stack
    res.status(500).send(err.stack);
  }
});

app.use(express.static("public"));
app.listen(3000);
