export const stripeKey = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"; // expect: hardcoded-secret
const dbPassword: string = "pR9x!vQ2#mK7zL4w"; // expect: hardcoded-secret
export const config = { apiToken: "q8Zr2LmX9vKp4TnW7yBc" }; // expect: hardcoded-secret
export function connect(): string {
  return dbPassword;
}
export function login(user: string, apiToken = "tQ9vX2mL8rKp4ZwN7yBc") { // expect: hardcoded-secret
  return user + apiToken;
}
