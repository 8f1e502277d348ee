function login(user: string, password: string) {
  console.log("login attempt", user, password); // expect: secret-in-log
}

class Api {
  private refreshToken = "";

  constructor(private apiKey: string, private logger: Console) {}

  call() {
    this.logger.info(`using key ${this.apiKey}`); // expect: secret-in-log
    console.error("token refresh failed: " + this.refreshToken); // expect: secret-in-log
  }
}
export { login, Api };
