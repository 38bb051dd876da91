// The package's index requires every store's limiter (Redis, Mongo, SQL, …), and a CommonJS index
// cannot be tree-shaken: rate-limits.ts imports the three classes it uses from their own files,
// typed as the package types them.
declare module 'rate-limiter-flexible/lib/RateLimiterDynamo.js' {
  export { RateLimiterDynamo as default } from 'rate-limiter-flexible';
}
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  export { RateLimiterMemory as default } from 'rate-limiter-flexible';
}
declare module 'rate-limiter-flexible/lib/RateLimiterRes.js' {
  export { RateLimiterRes as default } from 'rate-limiter-flexible';
}
