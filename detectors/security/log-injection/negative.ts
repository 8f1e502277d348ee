export function visit(logger: any, count: number) {
  logger.info(`visit number ${count}`);
}
