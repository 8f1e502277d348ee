export const path = /^(\/[a-z]+)$/;
export const version = /^(\d+\.)+\d+$/;
