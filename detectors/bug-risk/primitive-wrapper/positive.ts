export const label = new String("x"); // expect: primitive-wrapper
