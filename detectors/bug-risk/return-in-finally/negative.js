function load(read, close) {
  try {
    return read();
  } finally {
    close();
  }
}
