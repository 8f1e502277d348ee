export function load(body: string) {
  return JSON.parse(body);
}
