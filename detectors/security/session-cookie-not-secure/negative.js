app.post("/login", (req, res) => {
  res.cookie("sid", makeToken(), { secure: true, httpOnly: true });
  res.cookie("session", makeToken(), cookieOptions);
  res.cookie("lang", "en");
  res.cookie("auth", makeToken(), { ...defaults, maxAge: 1000 });
  res.end();
});
