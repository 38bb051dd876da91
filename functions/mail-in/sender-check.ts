/**
 * What a receiving service vouches for about who sent a message. Nothing is trusted by default:
 * a message without evidence (the local SMTP server, unless its development setting says
 * otherwise) plays nothing, because a From header alone is whatever the sender typed.
 */
export type SenderEvidence =
  /** The local SMTP server's development setting: the From header is taken at its word (docs/notifications.md "Playing by email"). */
  | { kind: 'trustedFrom' }
  /**
   * SES's receipt: its SPF, DKIM and DMARC verdicts, the envelope sender SPF was checked for
   * (MAIL FROM), the domains of the message's DKIM signatures (d=; none when SES cut the
   * headers short), and the From address SES judged DMARC for.
   */
  | {
      kind: 'receipt';
      spf: boolean;
      dkim: boolean;
      dmarc: boolean;
      mailFrom: string | null;
      dkimDomains: readonly string[];
      dmarcFrom: string | null;
    };

const domainOf = (address: string): string | null => {
  const at = address.lastIndexOf('@');
  const domain =
    at < 0
      ? ''
      : address
          .slice(at + 1)
          .trim()
          .toLowerCase()
          .replace(/\.$/, '');
  return domain.includes('.') ? domain : null;
};

/**
 * Relaxed DMARC alignment (RFC 7489 3.1), approximated without the public suffix list: two
 * domains align when they are equal or one is a subdomain of the other (`mail.example.com` and
 * `example.com`). Sibling subdomains (`a.example.com`, `b.example.com`) do not align here, which
 * only refuses more; a domain of one label never aligns, so no sender aligns through `com`.
 */
export function aligned(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (!x.includes('.') || !y.includes('.')) return false;
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

/**
 * True when the evidence shows that the owner of `from`'s domain sent the message (RP-MAIL-1):
 * SPF and DKIM both pass, and the From domain is aligned with what passed — SES's DMARC verdict
 * passed for this very From, or the SPF-checked envelope sender aligns with it, or every DKIM
 * signature does (so the one that passed does too). A forger's own domain passes SPF and DKIM
 * but aligns with nobody else's From.
 */
export function senderVouched(evidence: SenderEvidence | undefined, from: string): boolean {
  if (!evidence) return false;
  if (evidence.kind === 'trustedFrom') return true;
  const fromDomain = domainOf(from);
  if (!fromDomain || !evidence.spf || !evidence.dkim) return false;
  if (evidence.dmarc && evidence.dmarcFrom && domainOf(evidence.dmarcFrom) === fromDomain) return true;
  const mailFromDomain = evidence.mailFrom ? domainOf(evidence.mailFrom) : null;
  if (mailFromDomain && aligned(mailFromDomain, fromDomain)) return true;
  return evidence.dkimDomains.length > 0 && evidence.dkimDomains.every((d) => aligned(d, fromDomain));
}
