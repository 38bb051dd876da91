/**
 * Stand-in for the account event stream's entry, so the stack bundles a Stream function: it
 * refuses every connection and message (a non-2xx answer to $connect closes the socket) until the
 * real entry, with its tickets and subscriptions, takes its place.
 */
export const handler = async (): Promise<{ statusCode: number }> => ({ statusCode: 501 });
