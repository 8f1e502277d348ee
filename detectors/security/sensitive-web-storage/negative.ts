export function remember(theme: string, tokenCount: number): void {
  localStorage.setItem("theme", theme);
  sessionStorage.setItem("lastPage", location.pathname);
  const cache = new Map<string, number>();
  cache.set("token", tokenCount);
}
