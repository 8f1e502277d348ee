const MIN_PASSWORD_LENGTH = 12;

function strong(password) {
  return password.length >= MIN_PASSWORD_LENGTH && password.indexOf("x") > -1;
}

export function retryable(response) {
  const w = response.ratio < 0.0 ? -1.0 : 1.0;
  return response.status === 503 && w > 0;
}
export function failed(res) {
  return res.status >= 400 && res.statusCode < 500;
}
// A comment right after the literal names it.
export function isSlash(code) {
  return code === 47 /* / */;
}
