import { readFile } from "fs"; // expect: unused-import
import { join } from "path";
export const p = join("a", "b");
// eslint-disable-next-line no-console
import { basename } from "path"; // expect: unused-import
