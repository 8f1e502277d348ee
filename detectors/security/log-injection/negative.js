function login(req, attempts) {
  console.log("login failed", JSON.stringify(req.body.user));
  console.log(`${attempts} attempts`);
}
function access(req) {
  console.log(`${req.method} ${req.originalUrl}`);
}
