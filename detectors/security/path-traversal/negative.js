const fs = require("fs");
const path = require("path");
function read(req) {
  return fs.readFileSync("/srv/" + path.basename(req.params.name));
}
function settings() {
  return fs.readFileSync(path.basename(process.cwd()) + ".conf");
}
app.get("/files", (req, res) => {
  const { name } = req.query;
  const [fixed, other] = ["/srv/index.html", name];
  res.send(fs.readFileSync(fixed));
  res.send(require("fs").readFileSync(path.basename(name)));
});
app.get("/download/:file", (req, res) => {
  res.download(path.join("/srv/files", path.basename(req.params.file)));
});
fastify.post("/remove", async (request) => {
  const base = path.basename(request.body.file);
  fs.unlinkSync(path.join(__dirname, "uploads", base));
});
app.get("/page", (req, res) => {
  res.render("page", { view: req.query.view });
});
app.get("/page", (req, res) => {
  // With a root, Express answers 403 to a path that climbs out of it.
  res.sendFile(req.query.page, { root: path.join(__dirname, "pages") });
});
app.get("/static", (req, res) => {
  res.sendFile(req.query.page, { root: "/srv/static" });
});
app.get("/export", (req, res) => {
  const options = { encoding: "utf8" };
  options["file"] = "exports/latest.csv";
  res.send(fs.readFileSync(options["file"], options.encoding));
});
app.post("/extract-checked", (req, res) => {
  const target = path.resolve(UPLOADS, req.body.folder);
  if (!target.startsWith(UPLOADS + path.sep)) return res.sendStatus(400);
  unpackInto(target);
  res.send("ok");
});
app.post("/extract-stripped", (req, res) => {
  const folder = req.body.folder.replace(/\.\.(\/|\\)/g, "");
  unpackInto(path.join(UPLOADS, folder));
  res.send("ok");
});
function bundleDir(name) {
  return path.join(__dirname, "dist", name);
}
app.post("/bundle-fixed", (req, res) => {
  req.body.files.forEach((name) => {
    archive.append(fs.createReadStream(path.join(PARTS, path.basename(name))));
  });
  res.send("ok");
});
function readNote(req, res) {
  const name = req.query.name;
  if (name.includes("..") || name.includes("/")) {
    return res.sendStatus(400);
  }
  res.send(fs.readFileSync("/srv/notes/" + name));
}

function sharedFile(req, res) {
  const name = req.query.name.replaceAll("/", "");
  res.send(fs.readFileSync("/srv/share/" + name));
}

function sharedFileRegex(req, res) {
  res.send(fs.readFileSync("/srv/share/" + req.query.name.replace(/\//g, "")));
}
