function make() {
  const delay = Math.random() * 100;
  return delay;
}
function tokenColour() {
  return ["red", "green"][Math.floor(Date.now() % 2)];
}
