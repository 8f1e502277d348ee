function load(body) {
  return JSON.parse(body);
}
