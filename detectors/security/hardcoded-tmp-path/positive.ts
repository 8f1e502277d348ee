import { createWriteStream } from "fs";

export function log(): NodeJS.WritableStream {
  return createWriteStream("/var/tmp/service.log"); // expect: hardcoded-tmp-path
}
