function make() {
  const delay = Math.random() * 100;
  return delay;
}
