/** A setting the stack gives every deployed function; a missing one is a deploy bug, so the cold start fails loudly. */
export function requiredEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
