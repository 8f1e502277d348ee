function login(user, password) {
  console.log("login attempt", user, password); // expect: secret-in-log
}

class Api {
  constructor(apiKey, logger) {
    this.apiKey = apiKey;
    this.logger = logger;
  }
  call() {
    this.logger.info(`using key ${this.apiKey}`); // expect: secret-in-log
    console.error("token refresh failed: " + this.refreshToken); // expect: secret-in-log
  }
}
module.exports = { login, Api };
