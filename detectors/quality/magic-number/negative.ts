const MIN_PASSWORD_LENGTH = 12;

export function strong(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && password.indexOf("x") > -1;
}
