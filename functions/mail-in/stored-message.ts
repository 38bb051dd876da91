import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import type { StoredMessage } from './ses-receipt.js';

export interface StoredMessages {
  client: S3Client;
  bucket: string;
  /** The key prefix the receipt rule's S3 action writes under (ending in `/`). */
  prefix: string;
  /** A bigger message is no reply worth reading: left unread (the bucket's lifecycle deletes it). */
  maxBytes: number;
}

/**
 * Reads one message SES stored. At most `maxBytes + 1` bytes are fetched (a range), so a huge
 * message costs no more than a reply to find out it is too big. A message that is gone (expired,
 * or never stored) is `missing`, not an error.
 */
export async function readStoredMessage(store: StoredMessages, sesMessageId: string): Promise<StoredMessage> {
  try {
    const out = await store.client.send(
      new GetObjectCommand({
        Bucket: store.bucket,
        Key: `${store.prefix}${sesMessageId}`,
        Range: `bytes=0-${store.maxBytes}`,
      }),
    );
    const bytes = await out.Body?.transformToByteArray();
    if (!bytes) return { kind: 'missing' };
    return bytes.byteLength > store.maxBytes ? { kind: 'tooBig' } : { kind: 'found', raw: Buffer.from(bytes) };
  } catch (err) {
    if (err instanceof NoSuchKey) return { kind: 'missing' };
    throw err;
  }
}
