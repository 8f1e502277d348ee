function hello(req, res) {
  res.send("<h1>Hello " + req.query.name + "</h1>"); // expect: reflected-xss
}
