const path = require("path");
function unpack(zip, dest) {
  zip.getEntries().forEach((entry) => {
    const out = path.join(dest, entry.entryName); // expect: archive-extraction
    entry.writeTo(out);
  });
}
