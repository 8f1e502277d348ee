const { BrowserWindow } = require("electron");
const win = new BrowserWindow({
  webPreferences: {
    nodeIntegration: true, // expect: insecure-electron
    contextIsolation: false, // expect: insecure-electron
  },
});
