import { readFile } from "fs"; // expect: unused-import
import { join } from "path";
export const p = join("a", "b");
