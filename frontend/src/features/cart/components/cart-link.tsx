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
      {/* Named by what it shows (WCAG's label in name): 'Cart, 3 items', the words around the count unseen. */}
      <span className="cart-link__label">Cart</span>
      <span className="visually-hidden">, </span>
      {count === 0 ? (
        <span className="visually-hidden">empty</span>
      ) : (
        <>
          <span className="cart-link__badge">{count}</span>
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
        </>
      )}
    </Link>
  );
}
