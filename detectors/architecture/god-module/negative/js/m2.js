import { f0 } from "./util";

export const X2 = f0();
