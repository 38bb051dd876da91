/**
 * Test helper: reads a raw RFC 5322 / MIME message the way a mail client would, just enough to
 * assert on what the recipient sees (headers decoded, multipart split, transfer encodings undone).
 * No MIME parser is a dependency of the project, and the tests should not trust the library
 * that built the message to read it back.
 */
export interface MailPart {
  contentType: string;
  body: string;
}

export interface ReadMail {
  /** Lower-case names; values unfolded and RFC 2047 decoded; repeated headers in order. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  contentType: string;
  /** The leaves of the MIME tree, in order. */
  parts: MailPart[];
}

export function readEml(raw: string): ReadMail {
  const entity = readEntity(raw);
  return {
    headers: entity.headers,
    header: (name) => entity.headers.get(name.toLowerCase())?.[0],
    contentType: entity.contentType,
    parts: leaves(entity),
  };
}

interface Entity {
  headers: Map<string, string[]>;
  contentType: string;
  raw: string;
}

function readEntity(raw: string): Entity {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { headers, contentType: headers.get('content-type')?.[0] ?? 'text/plain', raw: body };
}

function leaves(entity: Entity): MailPart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(entity.contentType)?.[1];
  if (!entity.contentType.toLowerCase().startsWith('multipart/') || !boundary) {
    const encoding = entity.headers.get('content-transfer-encoding')?.[0]?.toLowerCase() ?? '7bit';
    return [{ contentType: entity.contentType, body: decodeBody(entity.raw, encoding) }];
  }
  const sections = entity.raw.split(new RegExp(`^--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?$\\n?`, 'm'));
  // Drop the preamble (before the first boundary) and the epilogue (after the closing one).
  return sections.slice(1, -1).flatMap((section) => leaves(readEntity(section.replace(/\r?\n$/, ''))));
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 words; whitespace between two adjacent encoded words is not part of the text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
