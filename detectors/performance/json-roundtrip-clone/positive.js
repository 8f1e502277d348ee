const copy = (state) => JSON.parse(JSON.stringify(state)); // expect: json-roundtrip-clone
