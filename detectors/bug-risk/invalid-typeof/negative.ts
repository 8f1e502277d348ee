export const isText = (v: unknown) => "string" === typeof v;
