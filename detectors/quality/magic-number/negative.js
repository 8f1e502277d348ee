const MIN_PASSWORD_LENGTH = 12;

function strong(password) {
  return password.length >= MIN_PASSWORD_LENGTH && password.indexOf("x") > -1;
}
