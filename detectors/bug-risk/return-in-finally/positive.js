function load(read) {
  try {
    return read();
  } finally {
    return null; // expect: return-in-finally
  }
}
