import { f0 } from "./util";

export const X8 = f0();
