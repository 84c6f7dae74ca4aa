import type { OrderView } from './queries.ts';

type Priced = Pick<OrderView, 'lines' | 'subtotalCents' | 'taxCents' | 'totalCents' | 'quote'>;

/**
 * The lines and totals the order stands at: once staff sent a quote, the quoted ones (the latest revision),
 * else the order's own. My Quotes, the order desk's Lines table and the quote emails all show this, so a
 * quote has one total everywhere. (An accepted quote's order carries the quoted lines itself.)
 */
export function pricedView<Order extends Priced>(order: Order): Order {
  const { quote } = order;
  if (quote === null) return order;
  return {
    ...order,
    lines: quote.lines,
    subtotalCents: quote.subtotalCents,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
  };
}
