import type { OrderView } from '@labshop/contracts/orders/queries';
import { useBackorders } from '@/lib/backorders.ts';
import { orderShippingRow, salesTaxLabel } from '../checkout-tax.ts';
import { withStockNotes } from '../stock-notes.ts';
import { OrderSummary } from './order-summary.tsx';

interface PlacedOrderSummaryProps {
  order: OrderView;
  /** The shipping and totals of a method being chosen; the order's own when left out. */
  choice?: { shipping: { label: string; cents: number }; totals: { taxCents: number; totalCents: number } };
}

/** The summary beside the steps after the order is placed (shipping, payment): its lines with what stock says of each, its tax line. */
export function PlacedOrderSummary({ order, choice }: PlacedOrderSummaryProps) {
  const backorders = useBackorders(order.lines);
  return (
    <OrderSummary
      lines={withStockNotes(order.lines, backorders)}
      subtotalCents={order.subtotalCents}
      shipping={choice?.shipping ?? orderShippingRow(order)}
      taxLabel={salesTaxLabel(order.taxState, order.taxExemptNumber, order.taxRateBasisPoints)}
      totals={choice?.totals ?? { taxCents: order.taxCents, totalCents: order.totalCents }}
    />
  );
}
