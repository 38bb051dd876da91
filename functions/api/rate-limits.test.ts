import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limits.js';

describe('addressKey: what one client address is for the per-address limits', () => {
  it('an IPv4 address is itself, also when IPv4-mapped in IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('IPv6 addresses of one /64 are one address; another /64 is another', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:0:0:9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('no address, or not an address, counts against no address', () => {
    expect(addressKey(undefined)).toBeUndefined();
    expect(addressKey('not an address')).toBeUndefined();
  });
});
