const fs = require("fs");
function read(req) {
  return fs.readFileSync("/srv/" + req.params.name); // expect: path-traversal
}
function exportTo(job) {
  return fs.writeFileSync(job.outputPath(), "x"); // audit: path-traversal
}
app.get("/files", (req, res) => {
  const { name } = req.query;
  res.send(fs.readFileSync(name)); // expect: path-traversal
});
app.get("/raw", (req, res) => {
  const q = req.query;
  const file = q.file;
  require("fs").createReadStream("/srv/" + file).pipe(res); // expect: path-traversal
});
app.get("/logs", (req, res) => {
  const [first] = req.body.paths;
  res.send(readFileSync(first)); // expect: path-traversal
});
app.get("/download/:file", (req, res) => {
  res.download(req.params.file); // expect: path-traversal
});
app.get("/page", (req, res) => {
  res.render(req.query.view); // expect: path-traversal
});
app.get("/page", (req, res) => {
  res.sendFile(path.join(__dirname, "pages", req.query.page)); // expect: path-traversal
});
app.get("/any", (req, res) => {
  res.sendFile(req.query.file, { root: "/" }); // expect: path-traversal
});
app.get("/export", (req, res) => {
  const options = { encoding: "utf8" };
  options["file"] = req.query.file;
  res.send(fs.readFileSync(options["file"], options.encoding)); // expect: path-traversal
});
// A Lambda function of any name: the platform's config names it, the signature shows it.
exports.thumbnail = async (event, context) => {
  return fs.readFileSync("/tmp/" + event.pathParameters.name); // expect: path-traversal
};
// A command-line tool reads the file its operator names: only a review sees it.
function cli() {
  return fs.readFileSync(process.argv[2], "utf8"); // audit: path-traversal
}
app.post("/extract", (req, res) => {
  const target = path.join(UPLOADS, req.body.folder); // expect: path-traversal
  unpackInto(target);
  res.send("ok");
});
app.get("/twice", (req, res) => {
  const file = path.join(UPLOADS, req.query.name);
  fs.readFile(file, (err, data) => res.send(data)); // expect: path-traversal
});
app.post("/bundle", (req, res) => {
  req.body.files.forEach((name) => {
    archive.append(fs.createReadStream(name)); // expect: path-traversal
  });
  res.send("ok");
});

function firstSlashOnly(req, res) {
  const name = req.query.name.replace("/", "");
  res.send(fs.readFileSync("/srv/share/" + name)); // expect: path-traversal
}
