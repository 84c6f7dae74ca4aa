import { OUT_OF_STOCK } from '@labshop/contracts/stock/stock-words';
import { useSearchParams } from 'react-router-dom';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd } from '@labshop/contracts/money';
import { DRY_ICE_SURCHARGE_CENTS } from '@labshop/contracts/orders/shipping';
import { Dialog } from '@/components/dialog/dialog.tsx';
import { PriceDisplay } from '@/components/price/price-display.tsx';
import { ProductImage } from '@/components/product-image/product-image.tsx';
import { QuantityStepper } from '@/components/quantity-stepper/quantity-stepper.tsx';
import { StockBadge } from '@/components/stock-badge/stock-badge.tsx';
import type { CartItem } from '@/lib/cart-item.ts';
import { contactUsHref } from '@/lib/contact-links.ts';
import type { ProductDetail } from '../api/get-product-detail.ts';
import {
  cartItemOffer,
  checkAddToCart,
  initialTierIndex,
  itemRequest,
  offerFor,
  type ProductOffer,
} from '../product-offer.ts';
import { PACK_SIZE_PARAM } from '@/lib/catalogue-links.ts';

interface AddedToCart {
  offer: ProductOffer;
  quantity: number;
}

interface ProductPurchaseProps {
  detail: ProductDetail;
  /** Puts the option in the cart; supplied by the app because the cart is another feature. */
  onAddToCart(item: CartItem): void;
}

/** Image, stock, the offer shown (detail or chosen pack size), quantity and Add to cart with its confirmation. */
export function ProductPurchase({ detail, onAddToCart }: ProductPurchaseProps) {
  const [searchParams] = useSearchParams();
  const [tierIndex, setTierIndex] = useState<number | null>(() =>
    initialTierIndex(detail, searchParams.get(PACK_SIZE_PARAM)),
  );
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const [added, setAdded] = useState<AddedToCart | null>(null);
  const optionsName = useId();
  const messageId = useId();
  const stockReasonId = useId();
  const offer = offerFor(detail, tierIndex);

  const chooseTier = (index: number) => {
    setTierIndex(index);
    setQuantity(1);
    setMessage(null);
  };

  const addToCart = () => {
    const check = checkAddToCart(detail, tierIndex, quantity);
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    setMessage(null);
    onAddToCart(cartItemOffer(detail, check.offer, check.quantity));
    setAdded({ offer: check.offer, quantity: check.quantity });
  };

  return (
    <div className="product-detail">
      <div className="product-detail__media">
        <ProductImage
          className="product-detail__image"
          url={detail.image?.url ?? null}
          alt={`${detail.subproduct.name} ${detail.productType}`}
          eager
        />
      </div>
      <div className="product-detail__summary">
        <StockBadge inStock={detail.inStock} />
        <h1 className="product-detail__name">{detail.subproduct.name}</h1>
        <dl className="product-facts" aria-live="polite">
          <div>
            <dt>Product type</dt>
            <dd>{offer.productType}</dd>
          </div>
          <div>
            <dt>Catalog number</dt>
            <dd>{offer.catalogNumber === '' ? '—' : offer.catalogNumber}</dd>
          </div>
          {/* A detail without pack-size options is sold as it is: no pack size to show. */}
          {detail.priceTiers.length > 0 && (
            <div>
              <dt>Pack size</dt>
              <dd>{offer.packSize ?? 'Choose a pack size below'}</dd>
            </div>
          )}
          <div>
            <dt>Price</dt>
            <dd>
              <PriceDisplay {...offer.price} size="large" />
            </dd>
          </div>
          {detail.shipsOnDryIce && (
            <div>
              <dt>Shipping</dt>
              <dd>{`Ships on dry ice: a cold-chain surcharge of ${formatUsd(DRY_ICE_SURCHARGE_CENTS)}, once per order, is added at checkout`}</dd>
            </div>
          )}
        </dl>

        {detail.priceTiers.length > 0 && (
          <fieldset className="pack-sizes">
            <legend className="field__label">Pack size</legend>
            {detail.priceTiers.map((tier, index) => (
              <label key={`${index}-${tier.packSize}`} className="pack-sizes__option">
                <input
                  type="radio"
                  name={optionsName}
                  checked={tierIndex === index}
                  onChange={() => chooseTier(index)}
                />
                <span className="pack-sizes__size">{tier.packSize}</span>
                {tier.description !== '' && <span className="pack-sizes__description">{tier.description}</span>}
                <span className="pack-sizes__price">{tier.price.formatted}</span>
              </label>
            ))}
          </fieldset>
        )}

        <div className="product-detail__buy">
          <QuantityStepper
            label="Quantity"
            value={quantity}
            min={1}
            max={detail.quantity}
            onChange={setQuantity}
            disabled={!detail.inStock}
          />
          <button
            type="button"
            className="button button--primary product-detail__add"
            onClick={addToCart}
            disabled={!detail.inStock}
            aria-describedby={!detail.inStock ? stockReasonId : message === null ? undefined : messageId}
          >
            Add to cart
          </button>
        </div>
        {detail.inStock ? (
          <p className="product-detail__muted">{`${detail.quantity} available`}</p>
        ) : (
          <>
            <p id={stockReasonId} className="product-detail__out-of-stock">
              {OUT_OF_STOCK}
            </p>
            <Link className="button button--secondary" to={contactUsHref(itemRequest(detail, offer))}>
              Request this item
            </Link>
          </>
        )}
        <p id={messageId} className="field__error product-detail__message" role="alert">
          {message}
        </p>
      </div>

      <Dialog open={added !== null} title="Added to your cart" onClose={() => setAdded(null)}>
        {added !== null && (
          <div className="cart-confirmation">
            <div className="cart-confirmation__item">
              <ProductImage className="cart-confirmation__image" url={detail.image?.url ?? null} alt="" />
              <div>
                <p className="cart-confirmation__name">{detail.subproduct.name}</p>
                <p>{added.offer.productType}</p>
                {added.offer.packSize !== null && <p>{`Pack size: ${added.offer.packSize}`}</p>}
                <p>
                  {`Quantity: ${added.quantity} × `}
                  <PriceDisplay {...added.offer.price} />
                </p>
                <p className="cart-confirmation__total">{`Line total: ${formatUsd(added.offer.price.cents * added.quantity)}`}</p>
              </div>
            </div>
            <div className="cart-confirmation__actions">
              <button type="button" className="button button--secondary" onClick={() => setAdded(null)}>
                Continue shopping
              </button>
              <Link className="button button--primary" to="/cartaction/show">
                Proceed to checkout
              </Link>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
