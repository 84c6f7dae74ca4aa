import { createHash } from 'node:crypto';

/** LabShop's namespace for order ids (a fixed random uuid: changing it would give every retry a new order). */
export const ORDER_ID_NAMESPACE = '6f1c1c0e-5b0e-4d0f-9a43-1f4d2e8b7a51';

/** An RFC 9562 version 5 uuid: SHA-1 of the namespace and the name, so the same inputs always give the same id. */
export function uuidV5(name: string, namespace: string): string {
  const namespaceBytes = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  const bytes = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The order of a customer's open checkout: one per cart checkout (the cart's count of checkouts so far) and
 * attempt (the next one once the customer cancels an unpaid checkout, or it expires). Leaving and re-entering
 * the address step, a second tab, a double click or a retry all land on the same order stream.
 */
export function checkoutOrderId(customerId: string, checkout: number, attempt: number): string {
  return uuidV5(`${customerId}/checkout/${checkout}/${attempt}`, ORDER_ID_NAMESPACE);
}

/**
 * What a placement asked for (the validated body but its key): SHA-256 of its JSON, whose key order is the schema's.
 * Kept with the order, so the same idempotency key with another body can be told from a retry.
 */
export function placementFingerprint(body: {
  address: object;
  billingAddress: object | null;
  shippingMethod: string;
  expectedSubtotalCents: number;
}): string {
  // A billing address is named only when one is used, so placements without one keep the fingerprint they always had.
  const billing = body.billingAddress === null ? {} : { billingAddress: body.billingAddress };
  return createHash('sha256')
    .update(
      JSON.stringify({
        address: body.address,
        ...billing,
        shippingMethod: body.shippingMethod,
        expectedSubtotalCents: body.expectedSubtotalCents,
      }),
    )
    .digest('hex');
}
