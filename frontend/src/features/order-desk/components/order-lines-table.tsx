import { formatUsd } from '@labshop/contracts/money';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { reservedText } from '@labshop/contracts/stock/stock-words';
import type { DeskOrder } from '../api/get-desk-order.ts';
import { pricedView } from '@labshop/contracts/orders/priced-view';
import { salesTaxLine } from '@labshop/contracts/tax/sales-tax';
import { shippingCentsOf, shippingLine } from '@labshop/contracts/orders/shipping';
import { offerOption } from '@labshop/contracts/catalogue/offer-option';

/** What was sold at which price, then subtotal, shipping (once recorded), tax and total as the order recorded them (never recomputed here). */
export function OrderLinesTable({ order: asPlaced }: { order: DeskOrder }) {
  // A quoted order shows the quoted prices, as the customer and the quote email see them.
  const order = pricedView(asPlaced);
  return (
    <div className="desk-table-scroll" role="region" aria-label="Lines and totals" tabIndex={0}>
      <table className="desk-table desk-table--wrapping">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Cat No.</th>
            <th scope="col" className="desk-table__money">
              Qty
            </th>
            <th scope="col" className="desk-table__money">
              Unit price
            </th>
            <th scope="col" className="desk-table__money">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={cartLineKey(line)}>
              <th scope="row" className="desk-table__product">
                {line.productName}
                <span className="desk-table__option">{offerOption(line)}</span>
                {reservedText(line) !== null && (
                  <span className="desk-table__option backorder-note">{reservedText(line)}</span>
                )}
              </th>
              <td>{line.catalogNumber === '' ? '—' : line.catalogNumber}</td>
              <td className="desk-table__money">{line.quantity}</td>
              <td className="desk-table__money">
                {formatUsd(line.unitPriceCents)}
                {line.discountPercent > 0 && (
                  <span className="desk-table__option">{`list ${formatUsd(line.listPriceCents)}, ${line.discountPercent}% off`}</span>
                )}
              </td>
              <td className="desk-table__money">{formatUsd(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Subtotal
            </th>
            <td className="desk-table__money">{formatUsd(order.subtotalCents)}</td>
          </tr>
          {order.shipping && (
            <tr>
              <th scope="row" colSpan={4}>
                {shippingLine(order.shipping)}
              </th>
              <td className="desk-table__money">{formatUsd(shippingCentsOf(order))}</td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={4}>
              {salesTaxLine(order)}
            </th>
            <td className="desk-table__money">{formatUsd(order.taxCents)}</td>
          </tr>
          <tr className="desk-table__total">
            <th scope="row" colSpan={4}>
              Total
            </th>
            <td className="desk-table__money">{formatUsd(order.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
