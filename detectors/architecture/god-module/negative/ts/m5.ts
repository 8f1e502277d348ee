import { f0 } from "./util";

export const X5 = f0();
