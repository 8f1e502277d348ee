export function handle(request: unknown) {
  debugger; // expect: debug-leftover
  return request;
}
