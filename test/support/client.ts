/** The suites' HTTP client is the one the load and bench scripts use (non-test code cannot import test/). */
export { ApiClient, type Player, type Reply, type ReplyObserver } from '../../scripts/support/api-client.js';
