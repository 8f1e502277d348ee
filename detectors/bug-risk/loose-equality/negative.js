function reset(count, value, kind) {
  if (count === 0) return true;
  if (value == null) return false;
  if (typeof kind == "string") return kind !== "";
  return value != undefined;
}
