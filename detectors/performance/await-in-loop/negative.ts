export async function retryPut(put: () => Promise<void>) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await put();
      return;
    } catch {}
  }
}
