export const apiKey: string | undefined = process.env.API_KEY;
const passwordField = "password-input-field-name";
export const config = { apiToken: "<your token here>", tokenHeader: "X-Auth-Token-Header-Name" };
export function field(): string {
  return passwordField;
}
