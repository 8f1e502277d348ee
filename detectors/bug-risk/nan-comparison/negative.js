function missing(x, NaNCount) {
  if (Number.isNaN(x)) return true;
  return x !== NaNCount;
}
