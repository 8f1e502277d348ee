import React from "react";
import helpers, { join } from "./util";
import * as path from "path";
import "./side-effect.css";
export { readFile } from "fs";
export const p = join(helpers.root, path.sep);
const { execSync, spawn } = require("child_process");
export function run(cmd) {
  spawn(cmd, []);
  return execSync("ls");
}
// eslint-disable-next-line
import { resolve } from "path";
import { format } from "util"; // eslint-disable-line no-unused-vars
