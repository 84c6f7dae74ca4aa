import type { OrderView } from '@labshop/contracts/orders/queries';
import { testAddress, testOrderLine } from '@labshop/contracts/testing/orders';

/** An order with its purchase order as the fold makes it, for renderer and template tests. */
export function testOrderView(changes: Partial<OrderView> = {}): OrderView {
  return {
    orderId: '5b0f6a4e-3f55-4a53-8d8e-0a6bba7d3b01',
    orderNumber: 'LUM2311202612345',
    placedAt: '2026-11-23T15:00:00.000Z',
    status: 'PO received',
    lines: [
      { ...testOrderLine, productName: 'Exosome isolation kit' },
      {
        detailId: 'd2',
        subproductId: 's2',
        productName: 'Mycoplasma detection kit',
        productType: 'PCR',
        packSize: null,
        catalogNumber: 'MY-250',
        innerPackageId: 'PK-77',
        imageUrl: null,
        productPath: '/mycoplasma/s2',
        quantity: 1,
        unitPriceCents: 12_000,
        listPriceCents: 12_000,
        discountPercent: 0,
        lineTotalCents: 12_000,
      },
    ],
    address: testAddress,
    taxExemptNumber: null,
    taxState: 'LA',
    taxRateBasisPoints: 1012,
    subtotalCents: 21_000,
    taxCents: 2_125,
    totalCents: 23_125,
    payment: {
      kind: 'purchase-order',
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-7781',
      cardType: 'visa',
      cardLast4: '4242',
    },
    shipment: null,
    cancellation: null,
    paidAt: null,
    version: 2,
    invoices: [],
    quote: null,
    creditNotes: [],
    receipts: [],
    ...changes,
  };
}
