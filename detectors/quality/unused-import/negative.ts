import type { Stats } from "fs";
import { join } from "path";
export const p: Stats | string = join("a", "b");
