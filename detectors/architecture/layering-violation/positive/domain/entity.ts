import { render } from "../web/page"; // expect: layering-violation

export const Y = render();
