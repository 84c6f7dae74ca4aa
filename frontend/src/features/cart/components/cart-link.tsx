import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectCartItemCount } from '../cart-slice.ts';
import { LineIcon } from './line-icon.tsx';
import './cart.css';

/** The header's cart link; the badge shows the number of items once there is one (spec: when above 0). */
export function CartLink() {
  const count = useSelector(selectCartItemCount);
  return (
    <Link to="/cartaction/show" className="cart-link">
      <LineIcon
        className="cart-link__icon"
        path="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2M10 20.5a1 1 0 1 1-2 0 1 1 0 0 1 2 0Zm9 0a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z"
      />
      {/* Its name is one unseen phrase (the words beside a count would add spaces to a name built from parts). */}
      <span className="cart-link__label" aria-hidden="true">
        Cart
      </span>
      {count > 0 && (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      )}
      <span className="visually-hidden">
        {count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      </span>
    </Link>
  );
}
