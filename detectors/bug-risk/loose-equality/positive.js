function reset(count, flag) {
  if (count == "0") return true; // expect: loose-equality
  return flag != false; // expect: loose-equality
}
