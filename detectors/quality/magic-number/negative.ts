const MIN_PASSWORD_LENGTH = 12;

export function strong(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && password.indexOf("x") > -1;
}

export function retryable(response) {
  const w = response.ratio < 0.0 ? -1.0 : 1.0;
  return response.status === 503 && w > 0;
}
export function isDot(code: number) {
  if (code === 46) { // "."
    return true;
  }
  return false;
}
