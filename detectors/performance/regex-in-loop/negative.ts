export function numbers(lines: string[], word: string): string[] {
  const pattern = new RegExp("\\b" + word + "\\b");
  const out = [];
  for (const line of lines) {
    if (pattern.test(line) && /^\d+$/.test(line)) out.push(line);
  }
  return out;
}

export function perName(names: string[], text: string): string[] {
  const found: string[] = [];
  for (const name of names) {
    const regex = new RegExp(`\\b${name}\\b`, "g");
    if (regex.test(text)) found.push(name);
  }
  return found;
}

export function hexRuns(escapes: string[], text: string): boolean {
  for (const escape of escapes) {
    const length = escape === "u" ? 4 : 8;
    if (!new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(text)) return false;
  }
  return true;
}

export function prefixes(parts: string[], text: string): string | undefined {
  const seen: string[] = [];
  for (const part of parts) {
    seen.push(part);
    if (new RegExp("^" + seen.join("")).test(text)) return part;
  }
  return undefined;
}
