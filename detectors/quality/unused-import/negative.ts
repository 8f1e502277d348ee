import type { Stats } from "fs";
import { join } from "path";
export const p: Stats | string = join("a", "b");
// biome-ignore lint/correctness/noUnusedImports: the import checks that the type is exported
import type { Dirent } from "fs";
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import { sep } from "path";
import type * as Streams from "stream";

/**
 * Reads a file; see {@link Streams.Readable} for reading it piece by piece.
 */
export function read(): string {
  return "";
}
