// An internal directory and file service in Express, as a review would read it.
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const express = require("express");
const ldap = require("ldapjs");
const xpath = require("xpath");
const { DOMParser } = require("@xmldom/xmldom");
const AdmZip = require("adm-zip");
const jwt = require("jsonwebtoken");
const _ = require("lodash");
const multer = require("multer");
const winston = require("winston");
const { User } = require("./models");

const app = express();
app.use(express.json());
const upload = multer({ dest: "/tmp/uploads" });
const logger = winston.createLogger({ transports: [new winston.transports.Console()] });
const directory = ldap.createClient({ url: "ldap://directory.internal" });
const settings = {};
const IMPORTS = "/srv/imports";

app.get("/people", (req, res) => {
  const opts = {
    filter: `(uid=${req.query.uid})`,
    scope: "sub",
  };
  // ruleid: ldap-injection
  directory.search("ou=people,dc=example,dc=org", opts, (err, found) => {
    if (err) return res.sendStatus(500);
    found.on("end", () => res.end());
  });
});

app.get("/books", (req, res) => {
  const doc = new DOMParser().parseFromString(fs.readFileSync("/srv/catalog.xml", "utf8"));
  // ruleid: xpath-injection
  const hits = xpath.select(`//book[title='${req.query.title}']/@id`, doc);
  res.json(hits.map(String));
});

app.post("/import", upload.single("archive"), (req, res) => {
  const zip = new AdmZip(req.file.path);
  for (const entry of zip.getEntries()) {
    // ruleid: archive-extraction
    fs.writeFileSync(path.join(IMPORTS, entry.entryName), entry.getData());
  }
  res.sendStatus(204);
});

app.post("/import/checked", upload.single("archive"), (req, res) => {
  const zip = new AdmZip(req.file.path);
  for (const entry of zip.getEntries()) {
    const target = path.resolve(IMPORTS, entry.entryName);
    if (!target.startsWith(IMPORTS + path.sep)) continue;
    // ok: archive-extraction
    fs.writeFileSync(target, entry.getData());
  }
  res.sendStatus(204);
});

app.get("/search", (req, res) => {
  // ruleid: regex-injection
  const pattern = new RegExp(req.query.q, "i");
  res.json(fs.readFileSync("/srv/audit.log", "utf8").split("\n").filter((l) => pattern.test(l)));
});

app.get("/search/literal", (req, res) => {
  // ok: regex-injection
  const pattern = new RegExp(_.escapeRegExp(req.query.q), "i");
  res.json(fs.readFileSync("/srv/audit.log", "utf8").split("\n").filter((l) => pattern.test(l)));
});

app.post("/login", (req, res) => {
  // ruleid: log-injection
  logger.warn(`failed login for ${req.body.user}`);
  res.sendStatus(401);
});

app.post("/settings", (req, res) => {
  // ruleid: prototype-pollution
  _.merge(settings, req.body);
  res.json(settings);
});

app.post("/settings/one", (req, res) => {
  // ruleid: prototype-pollution
  settings[req.body.section][req.body.key] = req.body.value;
  res.json(settings);
});

app.post("/users", async (req, res) => {
  // ruleid: mass-assignment
  const user = await User.create(req.body);
  res.json({ id: user.id });
});

app.post("/users/picked", async (req, res) => {
  const { name, email } = req.body;
  // ok: mass-assignment
  const user = await User.create({ name, email });
  res.json({ id: user.id });
});

app.get("/me", (req, res) => {
  const token = (req.get("authorization") || "").replace("Bearer ", "");
  // ruleid: jwt-unverified
  const claims = jwt.decode(token);
  res.json({ user: claims.sub });
});

app.get("/me/verified", (req, res) => {
  const token = (req.get("authorization") || "").replace("Bearer ", "");
  // ok: jwt-unverified
  const claims = jwt.verify(token, process.env.JWT_KEY, { algorithms: ["HS256"] });
  res.json({ user: claims.sub });
});

app.post("/hook", (req, res) => {
  const expected = crypto.createHmac("sha256", process.env.HOOK_KEY).update(JSON.stringify(req.body)).digest("hex");
  // ruleid: timing-unsafe-comparison
  if (req.get("x-signature") === expected) return res.sendStatus(202);
  res.sendStatus(403);
});

app.post("/hook/constant", (req, res) => {
  const expected = crypto.createHmac("sha256", process.env.HOOK_KEY).update(JSON.stringify(req.body)).digest("hex");
  const given = Buffer.from(req.get("x-signature") || "");
  // ok: timing-unsafe-comparison
  if (given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected))) return res.sendStatus(202);
  res.sendStatus(403);
});

app.listen(8080);
