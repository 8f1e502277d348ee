export function render(doc: string, draft: boolean): string { // expect: boolean-flag-parameter
  return draft ? doc.slice(0, 10) : doc;
}
