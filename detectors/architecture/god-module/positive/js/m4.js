import { f0 } from "./util";

export const X4 = f0();
