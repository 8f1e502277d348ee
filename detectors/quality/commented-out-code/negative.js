function f() {
  // compute first, then save
  // the order matters
  return 1;
}
// A format's table keeps the values it does not read yet.
const MAT_OPACMAP = 0xA210;
// const MAT_SXP_OPAC_DATA = 0xA322;
// const MAT_OPACMASK = 0xA342;
export { MAT_OPACMAP };
