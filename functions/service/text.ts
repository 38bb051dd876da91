/**
 * Text people type that other people read (chat, player names). What is dropped: control
 * characters, zero-width and invisible characters, bidi overrides and isolates (they can make
 * text read differently from what it says), and halves of surrogate pairs that have no partner.
 */
const INVISIBLE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Every way of ending a line; a name must have none, chat keeps them as `\n`. */
const LINE_BREAK = /\r\n?|[\n\u000b\u000c\u0085\u2028\u2029]/g;

export function cleanText(text: string, lines: 'keep' | 'join'): string {
  const broken = text.replace(LONE_SURROGATE, '').replace(LINE_BREAK, lines === 'keep' ? '\n' : ' ');
  const visible = broken.replace(INVISIBLE, '');
  return (lines === 'join' ? visible.replace(/\s+/g, ' ') : visible).trim();
}

/** Length as people count it (code points), so an emoji is not two. */
export function characterCount(text: string): number {
  return [...text].length;
}
