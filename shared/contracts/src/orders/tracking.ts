/**
 * The carrier's own tracking page for a shipment, for the carriers the shop ships with (matched on the name
 * staff typed, case-insensitively); null for another carrier, whose number is shown without a link.
 */
const trackingPages: [RegExp, string][] = [
  [/^ups\b/i, 'https://www.ups.com/track?tracknum='],
  [/^fedex\b|^fed ex\b/i, 'https://www.fedex.com/fedextrack/?trknbr='],
  [/^usps\b|postal service/i, 'https://tools.usps.com/go/TrackConfirmAction?tLabels='],
  [/^dhl\b/i, 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id='],
];

export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = trackingPages.find(([name]) => name.test(carrier.trim()));
  return page ? `${page[1]}${encodeURIComponent(trackingNumber.trim())}` : null;
}
