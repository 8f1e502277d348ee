import { BrowserWindow } from "electron";
export const win = new BrowserWindow({ webPreferences: { sandbox: true } });
