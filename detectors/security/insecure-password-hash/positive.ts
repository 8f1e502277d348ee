import bcrypt from "bcrypt";
export const hash = (pw: string) => bcrypt.hash(pw, 6); // expect: insecure-password-hash
