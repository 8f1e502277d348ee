const words = /^(\w+\s?)*$/; // expect: redos-pattern
const letters = /^([a-z]+)*$/; // expect: redos-pattern
