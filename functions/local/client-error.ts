import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpProblem, problemJson, statusOf } from '../api/problem-response.js';
import { Refusal } from '../service/refusal.js';

/** Node's own limit on the request line plus headers (its `maxHeaderSize` default). */
const NODE_MAX_HEADER_BYTES = 16 * 1024;

function problemFor(err: NodeJS.ErrnoException): Refusal {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return new Refusal(
      'headers_too_large',
      'Request header fields too large',
      `The request line and headers together are limited to ${NODE_MAX_HEADER_BYTES} bytes`,
    );
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new HttpProblem(408, 'request_timeout', 'Request timeout', 'The request was not received in time');
  return new HttpProblem(400, 'malformed_request', 'Malformed request', 'The request is not valid HTTP/1.1');
}

/**
 * Requests Node cannot parse (an over-long URL or header, broken syntax) never reach the app;
 * Node would answer them with an empty 400 or 431. This answers in problem+json like every
 * other error, then closes the connection, whose framing can no longer be trusted.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const p = problemFor(err);
    // Every answer has a request id (as the app's have), even one the app never saw.
    const id = crypto.randomUUID();
    const body = problemJson(p, id);
    socket.end(
      `HTTP/1.1 ${statusOf(p)} ${p.title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${id}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
