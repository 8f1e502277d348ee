export function setupA(registry, handlers) {
  registry.register("handler_0", handlers.handler_0, 0, true);
  registry.register("handler_1", handlers.handler_1, 1, true);
  registry.register("handler_2", handlers.handler_2, 2, true);
  registry.register("handler_3", handlers.handler_3, 3, true);
  registry.register("handler_4", handlers.handler_4, 4, true);
  registry.register("handler_5", handlers.handler_5, 5, true);
  registry.register("handler_6", handlers.handler_6, 6, true);
  registry.register("handler_7", handlers.handler_7, 7, true);
  registry.register("handler_8", handlers.handler_8, 8, true);
  registry.register("handler_9", handlers.handler_9, 9, true);
  registry.register("handler_10", handlers.handler_10, 10, true);
  registry.register("handler_11", handlers.handler_11, 11, true);
}
