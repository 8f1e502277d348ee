export function handle(request: unknown) {
  return request;
}
