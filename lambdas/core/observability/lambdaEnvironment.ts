/**
 * Whether this process is a real Lambda container. The embedded local runtime calls the same
 * handlers in-process, where tracing and CloudWatch metrics have nowhere to go (and metrics would
 * print to stdout, which carries a command's result).
 */
export function runningInLambda(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.AWS_LAMBDA_FUNCTION_NAME) && env.CASE_AUDIT_LOCAL !== '1';
}
