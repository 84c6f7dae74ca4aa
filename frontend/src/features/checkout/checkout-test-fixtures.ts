import { cartItemCount, cartSubtotalCents } from '@labshop/contracts/carts/cart-totals';
import type { CartLineView, CartView } from '@labshop/contracts/carts/queries';
import type { OrderView } from '@labshop/contracts/orders/queries';
import type { AddressDraft, BillingDraft } from './address-draft.ts';
import { lastChangedAnHourAgo } from '@/testing/cart-times.ts';

/** Test data shared by the checkout steps' component tests: one kit line, two packs at $45.00, shipped to Louisiana. */
export const kitLine: CartLineView = {
  detailId: 'd1',
  subproductId: 's1',
  packSize: '100 ml',
  quantity: 2,
  unitPriceCents: 4_500,
  listPriceCents: 5_000,
  discountPercent: 10,
  previousUnitPriceCents: null,
  lineTotalCents: 9_000,
  productName: 'Exosome Isolation Kits',
  productType: 'ExoQuick Kit',
  catalogNumber: 'EXO-100',
  innerPackageId: 'IP-1',
  imageUrl: null,
  productPath: '/product?productid=ZDE=',
  available: true,
};

export const checkoutCart = (lines: CartLineView[] = [kitLine]): CartView => ({
  cartId: 'c1',
  lines,
  itemCount: cartItemCount(lines),
  subtotalCents: cartSubtotalCents(lines),
  ...lastChangedAnHourAgo(),
  revision: 1,
});

export const shopperAddress: AddressDraft = {
  firstName: 'Ida',
  lastName: 'Boudreaux',
  email: 'ida@bayou.example',
  company: 'Bayou Bio',
  taxExemptNumber: '',
  phone: '5045550123',
  address1: '7 Levee Rd',
  address2: '',
  city: 'Metairie',
  state: 'LA',
  zipCode: '70001',
  useForInvoice: true,
};

export const blankBilling: BillingDraft = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
};

/** The order the address step placed: $90.00 of goods, Ground $14.95, Louisiana's 10.12% on both. */
export const placedOrder = (overrides: Partial<OrderView> = {}): OrderView => {
  const { taxExemptNumber: _exemption, ...address } = shopperAddress;
  const { previousUnitPriceCents: _previous, available: _available, ...line } = kitLine;
  return {
    orderId: '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c10',
    orderNumber: 'LUM2311202600042',
    placedAt: '2026-11-23T15:04:05.000Z',
    status: 'Awaiting payment',
    lines: [line],
    address,
    billingAddress: null,
    taxExemptNumber: null,
    taxState: 'LA',
    taxRateBasisPoints: 1012,
    shipping: { method: 'ground', baseCents: 1_495, dryIceSurchargeCents: 0, costCents: 1_495 },
    subtotalCents: 9_000,
    taxCents: 1_062,
    totalCents: 11_557,
    payment: null,
    shipment: null,
    cancellation: null,
    paidAt: null,
    version: 1,
    invoices: [],
    quote: null,
    creditNotes: [],
    receipts: [],
    ...overrides,
  };
};
