import { readFile } from "fs"; // expect: unused-import
import helpers, { join, format as fmt } from "./util"; // expect: unused-import
import * as path from "path"; // expect: unused-import
const os = require("os");
export const p = join("a", "b") + os.EOL;
const { exec, spawn } = require("child_process"); // expect: unused-import
export const run = (cmd) => spawn(cmd, []);
