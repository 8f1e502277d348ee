import { mkdtempSync, createWriteStream } from "fs";
import { tmpdir } from "os";
import { join } from "path";

export function log(): NodeJS.WritableStream {
  const dir = mkdtempSync(join(tmpdir(), "service-"));
  return createWriteStream(join(dir, "service.log"));
}
