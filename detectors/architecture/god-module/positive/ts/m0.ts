import { f0 } from "./util";

export const X0 = f0();
