import { shippingCentsOf, shippingLine } from '@labshop/contracts/orders/shipping';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { orderKindOf } from '@labshop/contracts/orders/fold-order';
import { pricedView } from '@labshop/contracts/orders/priced-view';
import { trackingUrl } from '@labshop/contracts/orders/tracking';
import type { OrderLineView, OrderView } from '@labshop/contracts/orders/queries';
import { formatUsd } from '@labshop/contracts/money';
import { reservedText } from '@labshop/contracts/stock/stock-words';
import { purchaseOrderWords } from '@labshop/contracts/orders/payment-words';
import { ProductImage } from '@/components/product-image/product-image.tsx';
import { isProductAvailable } from '../api/check-product-available.ts';
import { withPackSize } from '@/lib/catalogue-links.ts';
import { formatOrderDate } from '@labshop/contracts/dates';
import { InvoiceDownloads } from './invoice-downloads.tsx';
import { OrderMoneyFacts } from './order-money-facts.tsx';
import { QuoteOffer } from './quote-offer.tsx';
import { OpenCheckoutActions } from './open-checkout-actions.tsx';
import { isOpenCheckout } from '@labshop/contracts/orders/desk-rules';
import { offerOption } from '@labshop/contracts/catalogue/offer-option';

/** The spec's message when an ordered product can no longer be opened (§8). */
export const productNotAvailable = 'Product is not currently available.';

interface OrderCardProps {
  order: OrderView;
  onRepeat(order: OrderView): void;
  repeating: boolean;
  onDownloadInvoice(order: OrderView, invoiceNumber: string): Promise<void>;
}

/**
 * One order as My Orders lists it (spec §2): placed date, total, status (whatever the order desk moved it
 * to), the carrier and tracking number once shipped, the reason once cancelled, order number, Repeat order,
 * Download invoice (and credit note) once one is issued, a quote's prices and Accept (My Quotes), and its lines.
 */
export function OrderCard({ order: asPlaced, onRepeat, repeating, onDownloadInvoice }: OrderCardProps) {
  // A quote shows the quoted lines and total only; a quote not accepted is nothing to repeat or buy again.
  const order = pricedView(asPlaced);
  const openQuote = orderKindOf(order) === 'quote';
  const priced = order.status !== 'Quote requested';
  const headingId = `order-${order.orderId}-heading`;
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card__header">
        <dl className="order-card__facts">
          <div>
            <dt>Order placed</dt>
            <dd>{formatOrderDate(order.placedAt)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{priced ? formatUsd(order.totalCents) : 'Awaiting quote'}</dd>
          </div>
          {order.shipping && (
            <div>
              <dt>{shippingLine(order.shipping)}</dt>
              <dd>{formatUsd(shippingCentsOf(order))}</dd>
            </div>
          )}
          <div>
            <dt>Status</dt>
            <dd>{order.status}</dd>
          </div>
          {order.payment?.kind === 'purchase-order' && (
            <div>
              <dt>Payment</dt>
              <dd>{purchaseOrderWords(order.payment)}</dd>
            </div>
          )}
          {order.shipment !== null && (
            <div>
              <dt>Tracking</dt>
              <dd>
                <Tracking carrier={order.shipment.carrier} trackingNumber={order.shipment.trackingNumber} />
              </dd>
            </div>
          )}
          {order.cancellation !== null && (
            <div>
              <dt>Cancelled because</dt>
              <dd>{order.cancellation.reason}</dd>
            </div>
          )}
          <div>
            <dt>Order No.</dt>
            <dd>
              <h2 id={headingId} className="order-card__number">
                <Link to={`/my-order/${encodeURIComponent(order.orderId)}`}>{order.orderNumber}</Link>
              </h2>
            </dd>
          </div>
        </dl>
        <div className="order-card__actions">
          {!openQuote && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => onRepeat(order)}
              disabled={repeating}
              aria-describedby={headingId}
            >
              {repeating ? 'Adding to cart…' : 'Repeat order'}
            </button>
          )}
          <InvoiceDownloads
            order={order}
            onDownload={(invoiceNumber) => onDownloadInvoice(order, invoiceNumber)}
            describedBy={headingId}
          />
        </div>
      </header>
      {isOpenCheckout(order) && <OpenCheckoutActions order={order} describedBy={headingId} />}
      <OrderMoneyFacts order={order} />
      <QuoteOffer order={order} />
      <ul className="order-card__lines">
        {order.lines.map((line) => (
          <OrderLine key={cartLineKey(line)} line={line} priced={priced} buyable={!openQuote} />
        ))}
      </ul>
    </article>
  );
}

function Tracking({ carrier, trackingNumber }: { carrier: string; trackingNumber: string }) {
  const url = trackingUrl(carrier, trackingNumber);
  const text = `${carrier} ${trackingNumber}`;
  return url === null ? (
    <>{text}</>
  ) : (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

function OrderLine({ line, priced, buyable }: { line: OrderLineView; priced: boolean; buyable: boolean }) {
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const navigate = useNavigate();
  const option = offerOption(line);
  const name = `${line.productName}, ${option}`;

  // Both buttons open the product page (spec); a product the catalogue no longer offers says so instead.
  const openProduct = async () => {
    setChecking(true);
    setMessage(null);
    try {
      // The pack size bought is chosen again on the product page.
      if (await isProductAvailable(line.detailId)) void navigate(withPackSize(line.productPath, line.packSize));
      else setMessage(productNotAvailable);
    } catch {
      setMessage(productNotAvailable);
    } finally {
      setChecking(false);
    }
  };

  return (
    <li className="order-line">
      <ProductImage className="order-line__image" url={line.imageUrl} alt="" />
      <div className="order-line__body">
        <p className="order-line__name">{line.productName}</p>
        <p className="order-line__option">{option}</p>
        <p className="order-line__meta">
          Cat No. {line.catalogNumber === '' ? '—' : line.catalogNumber}
          {line.innerPackageId !== '' && <> · {line.innerPackageId}</>}
        </p>
        <p className="order-line__meta">{`Quantity: ${line.quantity} , Price: ${priced ? formatUsd(line.unitPriceCents) : 'to be quoted'}`}</p>
        {reservedText(line) !== null && <p className="order-line__meta backorder-note">{reservedText(line)}</p>}
        {message !== null && (
          <p className="field__error" role="alert">
            {message}
          </p>
        )}
      </div>
      <div className="order-line__actions">
        {buyable && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void openProduct()}
            disabled={checking}
            aria-label={`Buy it again: ${name}`}
          >
            Buy it again
          </button>
        )}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void openProduct()}
          disabled={checking}
          aria-label={`View your item: ${name}`}
        >
          View your item
        </button>
      </div>
    </li>
  );
}
