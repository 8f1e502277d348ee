export function check(count: number, limit: number): boolean {
  return count !== limit;
}
export function kind(signature: number, token: string): boolean {
  return signature === LOCAL_HEADER || signature.length === 4 || token === Token.EOF;
}
declare const LOCAL_HEADER: number;
declare const Token: { EOF: string };
export function present(headers: Headers): boolean {
  return headers.get("x-signature") !== null;
}
