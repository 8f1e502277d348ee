export const digits = /^(\d+)+$/; // expect: redos-pattern
