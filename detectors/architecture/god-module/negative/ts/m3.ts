import { f0 } from "./util";

export const X3 = f0();
