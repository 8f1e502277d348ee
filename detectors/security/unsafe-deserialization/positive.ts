import * as serialize from "node-serialize";
export function load(body: string) {
  return serialize.unserialize(body); // expect: unsafe-deserialization
}
