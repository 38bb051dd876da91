import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

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

/** A message mailparser could not take apart (too many MIME parts, a header too big…): no retry reads it better. */
export interface Unreadable {
  unreadable: string;
}

/**
 * How much of the text body is read (RP-MAIL-2): the codes sit on the first lines and the table
 * talk holds 1,000 characters, while cutting quoted history costs seconds of CPU on a long body.
 */
export const READ_CHARS = 8 * 1024;

/** An HTML-only reply longer than this is not turned into text (the conversion is the costly step): it reads as empty. */
export const MAX_HTML_CHARS = 256 * 1024;

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.flatMap((v) => (v.address ? [v.address] : [])),
  );

/** The first READ_CHARS of a text, ending at a whole line so that a cut word is not read as a code. */
export function leadingText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n');
  if (lines.length <= READ_CHARS) return lines;
  const cut = lines.slice(0, READ_CHARS);
  const end = cut.lastIndexOf('\n');
  return end < 0 ? '' : cut.slice(0, end);
}

/**
 * Reads a stored or received message (RFC 5322). mailparser decodes the MIME parts; a reply sent as
 * HTML only (Outlook) comes back as its text rendering. email-reply-parser then cuts the quoted
 * history ("On … wrote:", "-----Original Message-----", Outlook's "From: … Sent: …" block, lines
 * starting with ">") and the signature ("-- ", "Sent from my iPhone") from the leading text.
 */
export async function readReply(raw: Buffer): Promise<InboundReply | Unreadable> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, {
      skipHtmlToText: false,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: MAX_HTML_CHARS,
    });
  } catch (err) {
    return { unreadable: (err as Error).message };
  }
  return {
    messageId: mail.messageId?.trim() || `sha256:${createHash('sha256').update(raw).digest('hex')}`,
    from: addresses(mail.from)[0]?.toLowerCase() ?? null,
    recipients: [...addresses(mail.to), ...addresses(mail.cc)],
    written: new EmailReplyParser()
      .read(leadingText(mail.text ?? ''))
      .getVisibleText()
      .trim(),
  };
}
