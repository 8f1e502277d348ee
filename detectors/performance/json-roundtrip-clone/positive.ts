export const copy = <T>(state: T): T => JSON.parse(JSON.stringify(state)); // expect: json-roundtrip-clone
