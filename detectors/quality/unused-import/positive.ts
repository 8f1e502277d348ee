import { readFile } from "fs"; // expect: unused-import
import { join } from "path";
export const p = join("a", "b");
// eslint-disable-next-line no-console
import { basename } from "path"; // expect: unused-import
import type * as Events from "events"; // expect: unused-import

/** Mentions Events without linking it; @see EventsLike. */
export const quiet = 1;
