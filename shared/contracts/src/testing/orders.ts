import type { OrderAddress, OrderLine, OrderPlacedData } from '../orders/events.ts';

/** The address read-side and worker tests place their orders to (Louisiana, 10.12%). */
export const testAddress: OrderAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  company: 'Lee Labs',
  phone: '555-0101',
  address1: '1 Bench St',
  address2: '',
  city: 'New Orleans',
  state: 'LA',
  zipCode: '70112',
  useForInvoice: true,
};

/** One line of two packs at $45.00 (list $50.00, 10% off). */
export const testOrderLine: OrderLine = {
  detailId: 'd1',
  subproductId: 's1',
  productName: 'Exosome kit',
  productType: 'Kit A',
  packSize: '100 ml',
  catalogNumber: 'EX-100',
  innerPackageId: 'PK-1',
  imageUrl: null,
  productPath: '/exosome-kit/s1',
  quantity: 2,
  unitPriceCents: 4_500,
  listPriceCents: 5_000,
  discountPercent: 10,
  lineTotalCents: 9_000,
};

/** An OrderPlaced's data as the command API records it, of `testOrderLine` to `testAddress`. */
export function testOrderPlacedData(
  orderId: string,
  customerId: string,
  placedAt: string,
  changes: Partial<OrderPlacedData> = {},
): OrderPlacedData {
  return {
    orderId,
    orderNumber: `LUM2311202600${orderId.slice(-3)}`,
    customerId,
    lines: [testOrderLine],
    address: testAddress,
    taxExemptNumber: null,
    taxState: 'LA',
    taxRateBasisPoints: 1012,
    subtotalCents: 9_000,
    taxCents: 911,
    totalCents: 9_911,
    idempotencyKey: `key-${orderId}`,
    placedAt,
    ...changes,
  };
}
