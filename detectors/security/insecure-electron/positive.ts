import { BrowserWindow } from "electron";
export const win = new BrowserWindow({ webPreferences: { webSecurity: false } }); // expect: insecure-electron
