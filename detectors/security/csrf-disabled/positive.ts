export const shield = {
  csrf: {
    enabled: false, // expect: csrf-disabled
  },
};
