/**
 * The few AWS APIs a Lambda entry calls besides DynamoDB, answered on this machine, so a test can
 * import the real entry with `AWS_ENDPOINT_URL_<SERVICE>` pointing here and let its real SDK
 * clients make their real calls: SSM GetParameter, S3 GetObject (path-style, with Range), SESv2
 * SendEmail (recorded, not sent), API Gateway's management API (PostToConnection recorded,
 * 410 for a connection marked gone; DeleteConnection recorded) and SQS SendMessage (recorded).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  ReplyToAddresses?: string[];
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } } };
}

export interface FakeAws {
  url: string;
  /** SSM parameters by name (returned decrypted, as WithDecryption does). */
  parameters: Map<string, string>;
  /** S3 objects by `<bucket>/<key>`. */
  objects: Map<string, Buffer>;
  /** Every SESv2 SendEmail request body, oldest first. */
  sent: SentEmail[];
  /** What was posted to each WebSocket connection, parsed, oldest first. */
  posted: Map<string, unknown[]>;
  /** Connections closed with DeleteConnection, in order. */
  deleted: string[];
  /** Connections API Gateway no longer has: a post to one answers 410 Gone. */
  gone: Set<string>;
  /** Every SQS message sent, by queue URL, its body as sent, oldest first. */
  queued: Map<string, string[]>;
  close(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((ok, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks)));
    req.on('error', fail);
  });

function json(res: ServerResponse, status: number, value: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(value));
}

/** S3 answers a Range read with 206 and the bytes asked for (`bytes=first-last`, both inclusive). */
function object(res: ServerResponse, data: Buffer | undefined, range: string | undefined): void {
  if (!data) {
    res.writeHead(404, { 'content-type': 'application/xml' });
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
    );
    return;
  }
  const m = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
  const first = m ? Number(m[1]) : 0;
  const last = m ? Math.min(Number(m[2]), data.length - 1) : data.length - 1;
  const part = data.subarray(first, last + 1);
  res.writeHead(m ? 206 : 200, {
    'content-type': 'message/rfc822',
    'content-length': String(part.length),
    ...(m ? { 'content-range': `bytes ${first}-${last}/${data.length}` } : {}),
  });
  res.end(part);
}

export async function startFakeAws(): Promise<FakeAws> {
  const parameters = new Map<string, string>();
  const objects = new Map<string, Buffer>();
  const sent: SentEmail[] = [];
  const posted = new Map<string, unknown[]>();
  const deleted: string[] = [];
  const queued = new Map<string, string[]>();
  const gone = new Set<string>();
  const server = createServer((req, res) => {
    void body(req).then((raw) => {
      const connection = /\/@connections\/([^/?]+)$/.exec(req.url ?? '')?.[1];
      if (connection !== undefined) {
        const id = decodeURIComponent(connection);
        if (gone.has(id)) return json(res, 410, { message: 'Gone' });
        if (req.method === 'DELETE') deleted.push(id);
        else posted.set(id, [...(posted.get(id) ?? []), JSON.parse(raw.toString())]);
        res.writeHead(req.method === 'DELETE' ? 204 : 200);
        return res.end();
      }
      const target = req.headers['x-amz-target'];
      if (target === 'AmazonSSM.GetParameter') {
        const { Name } = JSON.parse(raw.toString()) as { Name: string };
        const value = parameters.get(Name);
        if (value === undefined)
          return json(res, 400, { __type: 'ParameterNotFound', message: Name }, 'application/x-amz-json-1.1');
        return json(
          res,
          200,
          { Parameter: { Name, Type: 'SecureString', Value: value, Version: 1 } },
          'application/x-amz-json-1.1',
        );
      }
      if (target === 'AmazonSQS.SendMessage') {
        const { QueueUrl, MessageBody } = JSON.parse(raw.toString()) as { QueueUrl: string; MessageBody: string };
        queued.set(QueueUrl, [...(queued.get(QueueUrl) ?? []), MessageBody]);
        // The SDK checks the body's MD5 in the answer.
        const md5 = createHash('md5').update(MessageBody).digest('hex');
        return json(res, 200, { MessageId: `fake-${md5}`, MD5OfMessageBody: md5 }, 'application/x-amz-json-1.0');
      }
      if (req.method === 'POST' && req.url === '/v2/email/outbound-emails') {
        sent.push(JSON.parse(raw.toString()) as SentEmail);
        return json(res, 200, { MessageId: `fake-${sent.length}` });
      }
      if (req.method === 'GET' && req.url) {
        const key = decodeURIComponent(new URL(req.url, 'http://fake').pathname.slice(1));
        return object(res, objects.get(key), req.headers.range);
      }
      json(res, 400, { message: `fake AWS: nothing answers ${req.method} ${req.url}` });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    parameters,
    objects,
    sent,
    posted,
    deleted,
    gone,
    queued,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
