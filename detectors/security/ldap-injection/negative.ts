export function find(text: string) {
  return text.search("needle");
}
