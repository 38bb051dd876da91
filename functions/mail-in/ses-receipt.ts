import * as z from 'zod';
import type { InboundMessage, MailInOutcome } from './mail-in.js';

/** A verdict SES wrote on the receipt; anything but PASS (FAIL, GRAY, PROCESSING_FAILED, DISABLED) fails. */
const VerdictSchema = z.object({ status: z.string().max(40) });

/**
 * The parts of SES's Lambda-action event that mail-in reads (the event is SES's, so the schema is
 * loose about everything else it carries). SES invokes with one record per received message.
 */
export const SesReceiptEventSchema = z.object({
  Records: z
    .array(
      z.object({
        eventSource: z.literal('aws:ses'),
        ses: z.object({
          mail: z.object({
            // The S3 action stores the message under this id; it is SES's, not the sender's Message-ID.
            messageId: z.string().regex(/^[A-Za-z0-9-]{1,200}$/),
          }),
          receipt: z.object({
            recipients: z.array(z.string().max(320)).min(1).max(50),
            spfVerdict: VerdictSchema,
            dkimVerdict: VerdictSchema,
            virusVerdict: VerdictSchema,
          }),
        }),
      }),
    )
    .min(1)
    .max(10),
});
export type SesReceiptEvent = z.infer<typeof SesReceiptEventSchema>;

/** What happened to each message of one SES event, in order. */
export type SesReceiptOutcome = MailInOutcome | { kind: 'skipped'; reason: 'virus' | 'missing' | 'tooBig'; sesMessageId: string };

/** The stored message: its bytes, or why there are none to read. */
export type StoredMessage = { kind: 'found'; raw: Buffer } | { kind: 'missing' } | { kind: 'tooBig' };

export interface SesReceiptDeps {
  /** Reads the message the rule's S3 action stored under SES's message id. */
  read: (sesMessageId: string) => Promise<StoredMessage>;
  receive: (message: InboundMessage) => Promise<MailInOutcome>;
}

/**
 * Replies by mail in AWS (issue 20 #3): SES's receipt rule stores each message in S3, then invokes
 * mail-in with this event. SPF and DKIM verdicts go to MailIn, which plays nothing unless both
 * pass; a message SES found a virus in is not even read. The envelope's recipients come from the
 * receipt, as RCPT TO does locally.
 */
export async function receiveFromSes(event: SesReceiptEvent, deps: SesReceiptDeps): Promise<SesReceiptOutcome[]> {
  const outcomes: SesReceiptOutcome[] = [];
  for (const { ses } of event.Records) {
    const sesMessageId = ses.mail.messageId;
    if (ses.receipt.virusVerdict.status === 'FAIL') {
      outcomes.push({ kind: 'skipped', reason: 'virus', sesMessageId });
      continue;
    }
    const stored = await deps.read(sesMessageId);
    if (stored.kind !== 'found') {
      outcomes.push({ kind: 'skipped', reason: stored.kind, sesMessageId });
      continue;
    }
    const verdicts = { spf: ses.receipt.spfVerdict.status === 'PASS', dkim: ses.receipt.dkimVerdict.status === 'PASS' };
    outcomes.push(await deps.receive({ raw: stored.raw, envelopeTo: ses.receipt.recipients, verdicts }));
  }
  return outcomes;
}
