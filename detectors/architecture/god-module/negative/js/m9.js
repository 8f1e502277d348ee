import { f0 } from "./util";

export const X9 = f0();
