import { useId, useState } from 'react';
import { ErrorState, EmptyState, LoadingState } from '@/components/page-state/page-state.tsx';
import { ListedDetailCard } from '@/components/product-card/listed-detail-card.tsx';
import { ProductCardGrid } from '@/components/product-card/product-card.tsx';
import type { HomeItem } from '../api/get-home-lists.ts';

interface HomeProductListProps {
  heading: string;
  items: HomeItem[] | undefined;
  /** True until the home call returns or fails (spec §4: the loading flag). */
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  retrying: boolean;
  shownByDefault: number;
  /** The toggle's text collapsed and expanded; it appears only when there are more items than shown by default. */
  toggleLabels: { collapsed: string; expanded: string };
  emptyText: string;
}

export function HomeProductList({
  heading,
  items,
  loading,
  error,
  onRetry,
  retrying,
  shownByDefault,
  toggleLabels,
  emptyText,
}: HomeProductListProps) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();

  let body;
  if (loading) body = <LoadingState>Loading products…</LoadingState>;
  else if (error !== null || items === undefined)
    body = (
      <ErrorState
        message={`Products could not be loaded. ${error?.message ?? ''}`}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  else if (items.length === 0) body = <EmptyState>{emptyText}</EmptyState>;
  else {
    const shown = expanded ? items : items.slice(0, shownByDefault);
    body = (
      <>
        <div id={listId}>
          <ProductCardGrid label={heading}>
            {shown.map((item) => (
              <li key={item.detailId}>
                <ListedDetailCard detail={item} note={item.featuredText} />
              </li>
            ))}
          </ProductCardGrid>
        </div>
        {items.length > shownByDefault && (
          <div className="home-list__toggle">
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? toggleLabels.expanded : toggleLabels.collapsed}
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="container home-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {body}
    </section>
  );
}
