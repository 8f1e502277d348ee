const path = require("path");
function unpack(zip, dest) {
  zip.getEntries().forEach((entry) => {
    const out = path.resolve(dest, entry.entryName);
    if (!out.startsWith(path.resolve(dest) + path.sep)) throw new Error("zip slip");
    entry.writeTo(out);
  });
}
