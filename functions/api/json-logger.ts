/** One JSON object per line, as CloudWatch Logs Insights likes it. */
function write(level: 'info' | 'error', message: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}

function errorFields(err: unknown): Record<string, unknown> {
  return err instanceof Error
    ? { error: { name: err.name, message: err.message, stack: err.stack } }
    : { error: String(err) };
}

export const jsonLogger = {
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  error: (message: string, err: unknown, fields: Record<string, unknown> = {}) =>
    write('error', message, { ...fields, ...errorFields(err) }),
};
