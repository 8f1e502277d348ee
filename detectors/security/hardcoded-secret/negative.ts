export const apiKey: string | undefined = process.env.API_KEY;
const passwordField = "password-input-field-name";
export const config = { apiToken: "<your token here>", tokenHeader: "X-Auth-Token-Header-Name" };
export function field(): string {
  return passwordField;
}
// A header named after credentials is not one; a type brand is a name; documentation keys.
export const cors = { "access-control-allow-credentials": "true", "x-api-token": "X-Auth-Token-Name" };
export const TokenTypeId = "~effect/workflow/DurableDeferred/Token";
export const awsKey = "AKIAIOSFODNN7EXAMPLE";
export function login(user: string, apiToken = process.env.API_TOKEN ?? "") {
  return user + apiToken;
}
