import * as z from 'zod';
import type { InboundMessage, MailInOutcome } from './mail-in.js';
import type { SenderEvidence } from './sender-check.js';

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
            // The envelope sender (MAIL FROM), the domain SPF was checked for.
            source: z.string().max(320).optional(),
            headersTruncated: z.boolean().optional(),
            // SES bounds these itself (headersTruncated); a cap here would turn a long header into an event retried for ever.
            headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
            commonHeaders: z.object({ from: z.array(z.string()).optional() }).optional(),
          }),
          receipt: z.object({
            recipients: z.array(z.string().max(320)).min(1).max(50),
            spfVerdict: VerdictSchema,
            dkimVerdict: VerdictSchema,
            // SES leaves it out where it did not evaluate DMARC; then only an aligned SPF or DKIM pass vouches.
            dmarcVerdict: VerdictSchema.optional(),
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
export type SesReceiptOutcome =
  MailInOutcome | { kind: 'skipped'; reason: 'virus' | 'missing' | 'tooBig'; sesMessageId: string };

/** The stored message: its bytes, or why there are none to read. */
export type StoredMessage = { kind: 'found'; raw: Buffer } | { kind: 'missing' } | { kind: 'tooBig' };

export interface SesReceiptDeps {
  /** Reads the message the rule's S3 action stored under SES's message id. */
  read: (sesMessageId: string) => Promise<StoredMessage>;
  receive: (message: InboundMessage) => Promise<MailInOutcome>;
}

type SesMail = SesReceiptEvent['Records'][number]['ses'];

const pass = (v: { status: string } | undefined) => v?.status === 'PASS';
/** The signing domains (d=) of the DKIM-Signature headers SES passed on; none when it cut the headers short. */
const dkimDomains = (mail: SesMail['mail']): string[] =>
  mail.headersTruncated
    ? []
    : (mail.headers ?? [])
        .filter((h) => h.name.toLowerCase() === 'dkim-signature')
        .map((h) => /(?:^|;)\s*d\s*=\s*([^;\s]+)/i.exec(h.value)?.[1]?.toLowerCase() ?? '');
/** The one From address SES judged DMARC for; null when the message has none or several. */
const dmarcFrom = (mail: SesMail['mail']): string | null => {
  const from = mail.commonHeaders?.from ?? [];
  return from.length === 1 ? (/<([^<>]+)>\s*$/.exec(from[0]!)?.[1] ?? from[0]!).trim() : null;
};

/** What SES's receipt vouches for about the sender (RP-MAIL-1); MailIn matches it against the From it reads. */
export function receiptEvidence({ mail, receipt }: SesMail): SenderEvidence {
  return {
    kind: 'receipt',
    spf: pass(receipt.spfVerdict),
    dkim: pass(receipt.dkimVerdict),
    dmarc: pass(receipt.dmarcVerdict),
    mailFrom: mail.source ?? null,
    dkimDomains: dkimDomains(mail),
    dmarcFrom: dmarcFrom(mail),
  };
}

/**
 * Replies by mail in AWS: SES's receipt rule stores each message in S3, then invokes
 * mail-in with this event. The verdicts go to MailIn, which plays nothing unless SPF and DKIM pass
 * aligned with the From domain (RP-MAIL-1); a message SES found a virus in is not even read. The
 * envelope's recipients come from the receipt, as RCPT TO does locally.
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
    outcomes.push(
      await deps.receive({ raw: stored.raw, envelopeTo: ses.receipt.recipients, sender: receiptEvidence(ses) }),
    );
  }
  return outcomes;
}
