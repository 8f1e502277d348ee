const page = parseInt(process.argv[2], 10);
// A string that starts with "0x" is meant as hexadecimal.
const red = parseInt("0x" + hex.substring(2, 4));
// The argument is a number: its text never starts with `0x`.
export const triangles = (vertices) => parseInt(vertices.length / 3);
