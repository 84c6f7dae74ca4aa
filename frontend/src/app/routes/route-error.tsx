import { Link } from 'react-router-dom';

/** Shown when a page crashes while rendering, instead of a blank screen. */
export function RouteError() {
  return (
    <div className="container page">
      <h1>Something went wrong</h1>
      <p className="page__lead">This page could not be displayed. Please reload it or go back to the home page.</p>
      <Link className="button button--primary" to="/" reloadDocument>
        Go to the home page
      </Link>
    </div>
  );
}
