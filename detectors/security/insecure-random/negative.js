function make() {
  const delay = Math.random() * 100;
  return delay;
}
function tokenColour() {
  return ["red", "green"][Math.floor(Date.now() % 2)];
}
function layout() {
  const consider = Math.random() > 0.5;
  const aside = Math.random() * 10;
  return consider ? aside : 0;
}
