export const path = /^(\/[a-z]+)+$/; // expect: redos-pattern
