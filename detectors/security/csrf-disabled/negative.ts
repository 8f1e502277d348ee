export const shield = {
  csrf: {
    enabled: true,
  },
};
