import { f0 } from "./util";

export const X6 = f0();
