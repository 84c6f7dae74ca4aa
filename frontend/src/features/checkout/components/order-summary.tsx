import { formatUsd } from '@labshop/contracts/money';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { offerOption } from '@labshop/contracts/catalogue/offer-option';

export const shippingNote = 'The shipping costs are calculated after entering the address.';

/** A cart or order line as the summary needs it; the two have these fields in common. */
export interface SummaryLine {
  detailId: string;
  productName: string;
  productType: string;
  packSize: string | null;
  quantity: number;
  lineTotalCents: number;
  /** What stock says of the line: its backorder before payment, what was reserved after (stock-words.ts). */
  stockNote?: string | null;
}

interface OrderSummaryProps {
  lines: readonly SummaryLine[];
  subtotalCents: number;
  /** 'Shipping (Ground)' and its cost; null at the address step, before the shipping step chose it. */
  shipping: { label: string; cents: number } | null;
  /** 'Sales tax (LA 10.12%)'. */
  taxLabel: string;
  /** Null until a state is chosen. */
  totals: { taxCents: number; totalCents: number } | null;
  heading?: string;
}

/**
 * The order summary of checkout steps 2 to 4 and the confirmation: lines, subtotal, shipping, tax line and total. At
 * the address step the shipping is still to be chosen: its row says so, with the spec's note.
 */
export function OrderSummary({
  lines,
  subtotalCents,
  shipping,
  taxLabel,
  totals,
  heading = 'Order summary',
}: OrderSummaryProps) {
  return (
    <section className="order-summary" aria-label={heading}>
      <h2 className="order-summary__heading">{heading}</h2>
      <table className="order-summary__table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="order-summary__number">
              Quantity
            </th>
            <th scope="col" className="order-summary__number">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={cartLineKey(line)}>
              <th scope="row" className="order-summary__product">
                {line.productName}
                <span className="order-summary__pack">{offerOption(line)}</span>
                {line.stockNote && <span className="order-summary__pack backorder-note">{line.stockNote}</span>}
              </th>
              <td className="order-summary__number">{line.quantity}</td>
              <td className="order-summary__number">{formatUsd(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Subtotal
            </th>
            <td className="order-summary__number">{formatUsd(subtotalCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {shipping?.label ?? 'Shipping'}
            </th>
            <td className="order-summary__number">{shipping === null ? 'Next step' : formatUsd(shipping.cents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {taxLabel}
            </th>
            <td className="order-summary__number">{totals === null ? '—' : formatUsd(totals.taxCents)}</td>
          </tr>
          <tr className="order-summary__total">
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="order-summary__number">{totals === null ? '—' : formatUsd(totals.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {shipping === null && <p className="order-summary__note">{shippingNote}</p>}
    </section>
  );
}
