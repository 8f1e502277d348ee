import { f0 } from "./util";

export const X1 = f0();
