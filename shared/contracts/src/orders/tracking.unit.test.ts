import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking.ts';

describe('trackingUrl', () => {
  it('links the carriers the shop ships with to their tracking page, and no other', () => {
    expect(trackingUrl('UPS', ' 1Z999AA1 ')).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
    expect(trackingUrl('FedEx Ground', '7777')).toBe('https://www.fedex.com/fedextrack/?trknbr=7777');
    expect(trackingUrl('usps', '9400 1')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201');
    expect(trackingUrl('Local courier', '12')).toBeNull();
  });
});
