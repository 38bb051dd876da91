import { describe, expect, it } from 'vitest';
import { aligned, senderVouched, type SenderEvidence } from './sender-check.js';

const receipt = (over: Partial<Extract<SenderEvidence, { kind: 'receipt' }>> = {}): SenderEvidence => ({
  kind: 'receipt',
  spf: true,
  dkim: true,
  dmarc: false,
  mailFrom: null,
  dkimDomains: [],
  dmarcFrom: null,
  ...over,
});

describe('RP-MAIL-1: who vouches for a reply’s From', () => {
  it('relaxed alignment: equal domains or one a subdomain of the other; never through a one-label domain', () => {
    expect(aligned('example.test', 'EXAMPLE.test')).toBe(true);
    expect(aligned('mail.example.test', 'example.test')).toBe(true);
    expect(aligned('example.test', 'anna.example.test')).toBe(true);
    expect(aligned('a.example.test', 'b.example.test')).toBe(false);
    expect(aligned('notexample.test', 'example.test')).toBe(false);
    expect(aligned('test', 'example.test')).toBe(false);
  });

  it('nothing vouches without evidence; the local development setting vouches for any From', () => {
    expect(senderVouched(undefined, 'anna@example.test')).toBe(false);
    expect(senderVouched({ kind: 'trustedFrom' }, 'anna@example.test')).toBe(true);
  });

  it.each([
    ['DMARC passed for this From', receipt({ dmarc: true, dmarcFrom: 'Anna@Example.test' }), true],
    ['DMARC passed for another From', receipt({ dmarc: true, dmarcFrom: 'mallory@mallory.test' }), false],
    ['SPF for an aligned envelope sender', receipt({ mailFrom: 'bounce@mail.example.test' }), true],
    ['SPF for the forger’s envelope sender', receipt({ mailFrom: 'bounce@mallory.test' }), false],
    ['every DKIM signature aligned', receipt({ dkimDomains: ['example.test', 'mail.example.test'] }), true],
    ['a DKIM signature of another domain besides', receipt({ dkimDomains: ['example.test', 'mallory.test'] }), false],
    ['aligned, but SPF failed', receipt({ spf: false, dmarc: true, dmarcFrom: 'anna@example.test' }), false],
    ['aligned, but DKIM failed', receipt({ dkim: false, mailFrom: 'anna@example.test' }), false],
  ])('%s', (_case, evidence, vouched) => {
    expect(senderVouched(evidence, 'anna@example.test')).toBe(vouched);
  });
});
