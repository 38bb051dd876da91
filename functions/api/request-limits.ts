/** Larger bodies get 413 before they are parsed. Real actions are a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Longer URLs (path and query) get 414, as problem+json. In AWS the HTTP API in front
 * refuses what Lambda cannot take (6 MB a request) itself, with its own body.
 */
export const MAX_URL_BYTES = 8 * 1024;
