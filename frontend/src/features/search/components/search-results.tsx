import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { ListedDetailCard } from '@/components/product-card/listed-detail-card.tsx';
import { ProductCardGrid } from '@/components/product-card/product-card.tsx';
import { useSearchCatalogue } from '../api/search-catalogue.ts';
import { SEARCH_MIN_LENGTH } from '../search-constants.ts';

/** /search?q= — every detail whose title starts with, then contains, the text. */
export function SearchResults({ text }: { text: string }) {
  const tooShort = text.length < SEARCH_MIN_LENGTH;
  const { data, isPending, error, refetch, isRefetching } = useSearchCatalogue(tooShort ? '' : text);

  if (tooShort) return <EmptyState>{`Enter at least ${SEARCH_MIN_LENGTH} characters to search the catalogue.`}</EmptyState>;
  if (error !== null) return <ErrorState message={`Search failed. ${error.message}`} onRetry={() => void refetch()} retrying={isRefetching} />;
  if (isPending) return <LoadingState>Searching…</LoadingState>;
  if (data.results.length === 0) return <EmptyState>{`No products match “${data.query}”.`}</EmptyState>;
  return (
    <>
      <p className="page__lead" role="status">
        {data.results.length === 1 ? '1 product found' : `${data.results.length} products found`}
      </p>
      <ProductCardGrid label="Search results">
        {data.results.map((result) => (
          <li key={result.detailId}>
            <ListedDetailCard detail={result} headingLevel="h2" />
          </li>
        ))}
      </ProductCardGrid>
    </>
  );
}
