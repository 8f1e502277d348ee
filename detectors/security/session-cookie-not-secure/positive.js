app.post("/login", (req, res) => {
  res.cookie("sid", makeToken()); // expect: session-cookie-not-secure
  res.cookie("remember_me", "1", { httpOnly: true, maxAge: 86400000 }); // expect: session-cookie-not-secure
  res.end();
});
