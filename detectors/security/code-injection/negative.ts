export function make(body: string) {
  return () => body;
}
