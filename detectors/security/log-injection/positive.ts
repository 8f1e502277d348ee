export function visit(req: any, logger: any) {
  logger.info(`visit from ${req.headers["user-agent"]}`); // expect: log-injection
}
