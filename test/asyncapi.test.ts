/**
 * api-spec/asyncapi.yaml, the event stream's protocol: what `npm run spec` writes from the
 * socket's zod schemas, valid AsyncAPI 3.0 by the AsyncAPI parser, with examples the socket's
 * own schemas accept and one for every kind of event (RP-STREAM-4).
 */
import { readFileSync } from 'node:fs';
import { DiagnosticSeverity, Parser, type AsyncAPIDocumentInterface } from '@asyncapi/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { STREAM_EVENT_KINDS } from '../functions/domain/stream.js';
import { asyncApiDocumentText, MESSAGES } from '../functions/api/streams/asyncapi-document.js';
import { ClientMessageSchema, ServerMessageSchema } from '../functions/api/streams/messages.js';

const committed = readFileSync(new URL('../api-spec/asyncapi.yaml', import.meta.url), 'utf8');
let parsed: Awaited<ReturnType<Parser['parse']>>;
let document: AsyncAPIDocumentInterface;

beforeAll(async () => {
  parsed = await new Parser().parse(committed);
  document = parsed.document!;
}, 60_000);

describe('api-spec/asyncapi.yaml', () => {
  it('is what `npm run spec` generates from the protocol (run it after changing the stream)', () => {
    expect(committed).toBe(asyncApiDocumentText());
  });

  // The one remark is on purpose: the document is AsyncAPI 3.0.0, which tools read more widely than 3.1.
  it('the AsyncAPI parser reads it with no error and no warning; its only remark is that 3.1.0 is out', () => {
    expect(document).toBeDefined();
    const remarks = parsed.diagnostics.map((d) => `${DiagnosticSeverity[d.severity]} ${d.code}`);
    expect(remarks).toEqual(['Information asyncapi-latest-version']);
    expect(document.version()).toBe('3.0.0');
  });

  it('names one channel with its messages both ways, a receive operation for each answer and a send for each action', () => {
    expect(
      document
        .channels()
        .all()
        .map((c) => c.id()),
    ).toEqual(['stream']);
    const operations = document.operations().all();
    const messagesOf = (action: 'send' | 'receive') =>
      operations
        .filter((o) => o.action() === action)
        .flatMap((o) =>
          o
            .messages()
            .all()
            .map((m) => m.id()),
        )
        .sort();
    expect(messagesOf('receive')).toEqual(['error', 'event', 'pong', 'subscribed', 'unsubscribed']);
    expect(messagesOf('send')).toEqual(['ping', 'subscribe', 'unsubscribe']);
    expect(
      document
        .servers()
        .all()
        .map((s) => `${s.protocol()}://${s.host()}${s.pathname()}`),
    ).toEqual(['wss://stream.railpost.dev/v1/stream', 'ws://localhost:8787/v1/stream']);
  });

  it("every message's examples, as the parser reads them, are accepted by the socket's own schemas", () => {
    const messages = document.messages().all();
    expect(messages.map((m) => m.id()).sort()).toEqual(Object.keys(MESSAGES).sort());
    for (const message of messages) {
      const examples = message.examples().all();
      expect(examples.length, message.id()).toBeGreaterThan(0);
      const sent = ['subscribe', 'unsubscribe', 'ping'].includes(message.id());
      for (const example of examples) {
        const payload = example.payload();
        expect(MESSAGES[message.id()]!.schema.safeParse(payload).error, example.name()).toBeUndefined();
        expect((sent ? ClientMessageSchema : ServerMessageSchema).safeParse(payload).success).toBe(true);
      }
    }
  });

  it('every kind of event has an example of its own', () => {
    const event = document
      .messages()
      .all()
      .find((m) => m.id() === 'event')!;
    const kinds = event
      .examples()
      .all()
      .map((e) => (e.payload() as { kind: string }).kind);
    expect(kinds.sort()).toEqual([...STREAM_EVENT_KINDS].sort());
  });

  it('describes the ticket query parameter in its ws binding', () => {
    const ws = document.channels().get('stream')!.bindings().get('ws')!.value<{ query: object }>();
    expect(ws.query).toMatchObject({ required: ['ticket'], properties: { ticket: { type: 'string' } } });
  });
});
