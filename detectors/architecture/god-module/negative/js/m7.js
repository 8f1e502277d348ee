import { f0 } from "./util";

export const X7 = f0();
