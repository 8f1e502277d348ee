function login(req) {
  console.log("login failed for " + req.body.user); // expect: log-injection
}
