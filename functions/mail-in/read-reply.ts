import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject } from 'mailparser';

/** What a reply by email says, once its MIME structure, quoted history and signature are gone. */
export interface InboundReply {
  /** The Message-ID, or a digest of the whole message where it has none: what a redelivery repeats. */
  messageId: string;
  /** The sender's address (From), lower-cased; null when there is none. */
  from: string | null;
  /** Every address the message names as a recipient (To, Cc), for finding the reply token. */
  recipients: string[];
  /** The text the person wrote: above the quoted email, without the signature. */
  written: string;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.flatMap((v) => (v.address ? [v.address] : [])));

/**
 * Reads a stored or received message (RFC 5322). mailparser decodes the MIME parts; a reply sent as
 * HTML only (Outlook) comes back as its text rendering. email-reply-parser then cuts the quoted
 * history ("On … wrote:", "-----Original Message-----", Outlook's "From: … Sent: …" block, lines
 * starting with ">") and the signature ("-- ", "Sent from my iPhone").
 */
export async function readReply(raw: Buffer): Promise<InboundReply> {
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const text = mail.text ?? '';
  const from = addresses(mail.from)[0]?.toLowerCase() ?? null;
  return {
    messageId: mail.messageId?.trim() || `sha256:${createHash('sha256').update(raw).digest('hex')}`,
    from,
    recipients: [...addresses(mail.to), ...addresses(mail.cc)],
    written: new EmailReplyParser().read(text.replace(/\r\n?/g, '\n')).getVisibleText().trim(),
  };
}
