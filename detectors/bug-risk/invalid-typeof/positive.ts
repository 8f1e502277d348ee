export const isText = (v: unknown) => "String" === typeof v; // expect: invalid-typeof
