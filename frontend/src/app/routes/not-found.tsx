import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title.ts';

/** Any path the shop has no page for: says so, with the way on, instead of an empty frame or a silent jump home. */
export function NotFoundRoute() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <div className="container page">
      <div className="state-message">
        <h1 className="state-message__title">Page not found</h1>
        <p>
          There is no page at <code className="not-found__path">{pathname}</code>. It may have moved, or the link may be
          mistyped.
        </p>
        <p className="not-found__links">
          <Link className="button button--primary" to="/">
            Go to the home page
          </Link>{' '}
          <Link className="button button--secondary" to="/products">
            Browse all products
          </Link>
        </p>
      </div>
    </div>
  );
}
