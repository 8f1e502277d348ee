function login(res, token) {
  res.cookie("session", token, { httpOnly: false, maxAge: 3600 }); // expect: insecure-cookie
}

app.use(session({ secret: process.env.SECRET, cookie: { secure: false } })); // expect: insecure-cookie
