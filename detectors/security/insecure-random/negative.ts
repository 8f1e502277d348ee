export function make() {
  const angle = Math.random() * Math.PI;
  return angle;
}
