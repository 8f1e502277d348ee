function handle(request) {
  return request;
}
