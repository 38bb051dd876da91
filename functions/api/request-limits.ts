/** Larger bodies get 413 before they are parsed. Real actions are a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Longer URLs (path and query) get 414. API Gateway refuses a request line plus headers over
 * 10240 bytes itself, with its own body; under that, this keeps the answer problem+json.
 */
export const MAX_URL_BYTES = 8 * 1024;
