import { useEffect, type ReactNode } from 'react';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate } from 'react-router-dom';
import { MAX_CART_LINE_QUANTITY } from '@labshop/contracts/carts/commands';
import { formatUsd } from '@labshop/contracts/money';
import type { CartLineView } from '@labshop/contracts/carts/queries';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { LoadingState } from '@/components/page-state/page-state.tsx';
import { ProductImage } from '@/components/product-image/product-image.tsx';
import { QuantityStepper } from '@/components/quantity-stepper/quantity-stepper.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { itemCountOf, priceChanged } from '../cart-lines.ts';
import { backorderNotice } from '@labshop/contracts/stock/stock-words';
import { backorderedOf, useBackorders } from '@/lib/backorders.ts';
import {
  itemRemoved,
  noticeDismissed,
  pricesRefreshRequested,
  quantityChanged,
  selectCart,
  selectCartMayGainLines,
  selectCartSubtotalCents,
  syncRequested,
} from '../cart-slice.ts';
import { LineIcon } from './line-icon.tsx';
import './cart.css';
import { offerOption } from '@labshop/contracts/catalogue/offer-option';

export const shippingNote = 'The shipping costs are calculated after entering the address.';

/** The line's name in its notices and button labels: the product, then its offer (offerOption: type and pack size, once each). */
const lineName = (line: CartLineView) => [line.productName, offerOption(line)].filter((part) => part !== '').join(', ');
interface CartPageProps {
  /** Shown under the lines: the quick-order box, supplied by the app because it is another feature. */
  quickOrder?: ReactNode;
}

/** /cartaction/show: the lines with steppers and remove, the subtotal, and the way on to checkout. */
export function CartPage({ quickOrder }: CartPageProps) {
  usePageTitle('Shopping cart');
  const dispatch = useDispatch();
  const cart = useSelector(selectCart);
  const subtotalCents = useSelector(selectCartSubtotalCents);
  const mayGainLines = useSelector(selectCartMayGainLines);

  // The cart was priced when each line was added; opening it asks the catalogue for today's prices.
  useEffect(() => {
    dispatch(pricesRefreshRequested());
  }, [dispatch]);

  const { lines, notice, sync, outbox } = cart;
  const backorders = useBackorders(lines.filter((line) => line.available));
  if (lines.length === 0) {
    if (mayGainLines && sync.status !== 'offline') {
      return (
        <div className="container page">
          <LoadingState>Loading your cart…</LoadingState>
        </div>
      );
    }
    return <Navigate to="/" replace />;
  }

  const changed = lines.filter(priceChanged);
  const unavailable = lines.filter((line) => !line.available);
  const checkingPrices = outbox.some((command) => command.type === 'refresh') && sync.status !== 'offline';
  const count = itemCountOf(lines);

  return (
    <div className="container page cart-page">
      <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Shopping Cart' }]} />
      <h1>Shopping cart</h1>

      <div className="cart-page__notices">
        {sync.status === 'offline' && (
          <div className="banner banner--warning cart-page__banner" role="status">
            <p>
              We cannot reach the shop right now. Your cart is kept on this device and will be saved as soon as the
              connection is back.
            </p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => dispatch(syncRequested())}
            >
              Try again
            </button>
          </div>
        )}
        {notice !== null && (
          <div className="banner banner--error cart-page__banner" role="alert">
            <p>{notice}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => dispatch(noticeDismissed())}
            >
              Dismiss
            </button>
          </div>
        )}
        {changed.length > 0 && (
          <div className="banner banner--warning" role="status">
            <p>
              {changed.length === 1
                ? 'A price changed since you added the item:'
                : 'Some prices changed since you added the items:'}
            </p>
            <ul className="cart-page__changes">
              {changed.map((line) => (
                <li
                  key={cartLineKey(line)}
                >{`${lineName(line)}: now ${formatUsd(line.unitPriceCents)} (was ${formatUsd(line.previousUnitPriceCents ?? 0)})`}</li>
              ))}
            </ul>
          </div>
        )}
        <p className="cart-page__checking" role="status">
          {checkingPrices ? 'Checking current prices…' : ''}
        </p>
      </div>

      <div className="page-with-aside cart-page__layout">
        <div className="cart-page__main">
          <ul className="cart-lines" aria-label="Cart items">
            {lines.map((line) => (
              <CartLineItem key={cartLineKey(line)} line={line} backordered={backorderedOf(backorders, line)} />
            ))}
          </ul>
          {quickOrder}
        </div>

        <section className="cart-summary" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading">Order summary</h2>
          <dl className="cart-summary__rows">
            <div>
              <dt>Items</dt>
              <dd>{count}</dd>
            </div>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatUsd(subtotalCents)}</dd>
            </div>
            <div className="cart-summary__total">
              <dt>Total</dt>
              <dd>{formatUsd(subtotalCents)}</dd>
            </div>
          </dl>
          <p className="cart-summary__note">{shippingNote}</p>
          {unavailable.length > 0 && (
            <p id="cart-unavailable-reason" className="field__error">
              Remove the items that are no longer available to proceed to checkout.
            </p>
          )}
          <div className="cart-summary__actions">
            {unavailable.length > 0 ? (
              <button
                type="button"
                className="button button--primary"
                disabled
                aria-describedby="cart-unavailable-reason"
              >
                Proceed to checkout
              </button>
            ) : (
              <Link className="button button--primary" to="/order">
                Proceed to checkout
              </Link>
            )}
            <Link className="button button--secondary" to="/">
              Continue shopping
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

function CartLineItem({ line, backordered }: { line: CartLineView; backordered: number }) {
  const dispatch = useDispatch();
  const option = { detailId: line.detailId, packSize: line.packSize };
  const name = lineName(line);
  return (
    <li className={`cart-line${line.available ? '' : ' cart-line--unavailable'}`}>
      <ProductImage className="cart-line__image" url={line.imageUrl} alt="" />
      <div className="cart-line__details">
        <Link className="cart-line__name" to={line.productPath}>
          {line.productName}
        </Link>
        <p className="cart-line__type">{line.productType}</p>
        <dl className="cart-line__facts">
          {line.packSize !== null && (
            <div>
              <dt>Pack size</dt>
              <dd>{line.packSize}</dd>
            </div>
          )}
          <div>
            <dt>Cat No.</dt>
            <dd>{line.catalogNumber === '' ? '—' : line.catalogNumber}</dd>
          </div>
        </dl>
        {!line.available && <p className="field__error">No longer available</p>}
        {line.available && backorderNotice(line.quantity, backordered) !== null && (
          <p className="backorder-note">{backorderNotice(line.quantity, backordered)}</p>
        )}
      </div>
      <div className="cart-line__price">
        <span className="cart-line__caption">Unit price</span>
        <span className="price">
          <span className="price__selling">{formatUsd(line.unitPriceCents)}</span>
          {priceChanged(line) && (
            <s className="price__original">
              <span className="visually-hidden">Previous price </span>
              {formatUsd(line.previousUnitPriceCents ?? 0)}
            </s>
          )}
        </span>
      </div>
      <div className="cart-line__quantity">
        <QuantityStepper
          label="Quantity"
          labelDetail={name}
          value={line.quantity}
          min={1}
          max={MAX_CART_LINE_QUANTITY}
          disabled={!line.available}
          onChange={(quantity) => dispatch(quantityChanged({ ...option, quantity }))}
        />
      </div>
      <div className="cart-line__total">
        <span className="cart-line__caption">Total</span>
        <span className="cart-line__total-amount">{formatUsd(line.available ? line.lineTotalCents : 0)}</span>
      </div>
      <button
        type="button"
        className="cart-line__remove"
        aria-label={`Remove ${name} from the cart`}
        onClick={() => dispatch(itemRemoved(option))}
      >
        <LineIcon path="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6" />
      </button>
    </li>
  );
}
