import './pager.css';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous / next buttons around "Page n of m", for a list paged on the server; nothing when there is one page. */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Pages',
  previousLabel = 'Previous page',
  nextLabel = 'Next page',
}: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        {previousLabel}
      </button>
      <span aria-current="page">{`Page ${page} of ${pages}`}</span>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
      >
        {nextLabel}
      </button>
    </nav>
  );
}
