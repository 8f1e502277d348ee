function handle(request) {
  debugger; // expect: debug-leftover
  return request;
}
