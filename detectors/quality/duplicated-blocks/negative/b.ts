export function setupB(registry, handlers) {
  registry.register("hook_0", handlers.hook_0, 0, true);
  registry.register("hook_1", handlers.hook_1, 1, true);
  registry.register("hook_2", handlers.hook_2, 2, true);
  registry.register("hook_3", handlers.hook_3, 3, true);
  registry.register("hook_4", handlers.hook_4, 4, true);
  registry.register("hook_5", handlers.hook_5, 5, true);
  registry.register("hook_6", handlers.hook_6, 6, true);
  registry.register("hook_7", handlers.hook_7, 7, true);
  registry.register("hook_8", handlers.hook_8, 8, true);
  registry.register("hook_9", handlers.hook_9, 9, true);
  registry.register("hook_10", handlers.hook_10, 10, true);
  registry.register("hook_11", handlers.hook_11, 11, true);
}
