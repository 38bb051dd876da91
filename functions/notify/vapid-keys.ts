import webpush from 'web-push';

/** A base64url P-256 key pair for VAPID (RFC 8292); the public key goes to browsers as `applicationServerKey`. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
