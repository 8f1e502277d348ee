const { BrowserWindow } = require("electron");
const path = require("path");
const win = new BrowserWindow({
  webPreferences: { preload: path.join(__dirname, "preload.js"), contextIsolation: true },
});
