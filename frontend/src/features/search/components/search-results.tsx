import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { ListedDetailCard } from '@/components/product-card/listed-detail-card.tsx';
import { ProductCardGrid } from '@/components/product-card/product-card.tsx';
import { Pager } from '@/components/pager/pager.tsx';
import { searchResultsHref } from '@/lib/catalogue-links.ts';
import { useSearchCatalogue, type SearchResults as Answer } from '../api/search-catalogue.ts';
import { SEARCH_MIN_LENGTH } from '../search-constants.ts';
import { priceBandLabel, refined, sortLabels, type SearchParams, type SearchSort } from '../search-params.ts';
import './search.css';

interface SearchResultsProps {
  params: SearchParams;
  /** Shows other filters, sort or page: the route puts them in the URL. */
  onChange(params: SearchParams): void;
}

/** /search?q=…: catalogue numbers, then words; facets beside the results, sort above, pages below. */
export function SearchResults({ params, onChange }: SearchResultsProps) {
  const tooShort = params.q.length < SEARCH_MIN_LENGTH;
  const { data, isPending, error, refetch, isRefetching, isPlaceholderData } = useSearchCatalogue(params);

  if (tooShort)
    return <EmptyState>{`Enter at least ${SEARCH_MIN_LENGTH} characters to search the catalogue.`}</EmptyState>;
  if (error !== null)
    return (
      <ErrorState message={`Search failed. ${error.message}`} onRetry={() => void refetch()} retrying={isRefetching} />
    );
  if (isPending) return <LoadingState>Searching…</LoadingState>;
  const filtered =
    params.category !== '' ||
    params.subproduct !== '' ||
    params.inStock ||
    params.minCents !== null ||
    params.maxCents !== null;
  if (data.total === 0 && !filtered) return <NothingFound answer={data} />;

  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className="search-page" aria-busy={isPlaceholderData}>
      <SearchFacets answer={data} params={params} onChange={onChange} />
      <div className="search-page__results">
        <div className="search-page__toolbar">
          <p className="page__lead search-page__count" role="status">
            {data.total === 1 ? '1 product found' : `${data.total} products found`}
          </p>
          <SortSelect sort={params.sort} onSort={(sort) => onChange(refined(params, { sort }))} />
        </div>
        {data.results.length === 0 ? (
          <EmptyState>No products match these filters. Clear a filter to see more.</EmptyState>
        ) : (
          <ProductCardGrid label="Search results">
            {data.results.map((result) => (
              <li key={result.detailId}>
                <ListedDetailCard
                  detail={result}
                  headingLevel="h2"
                  note={result.catalogNumber === null ? undefined : `Catalog number ${result.catalogNumber}`}
                />
              </li>
            ))}
          </ProductCardGrid>
        )}
        <Pager
          page={data.page}
          pages={pages}
          onPage={(page) => onChange({ ...params, page })}
          label="Search result pages"
        />
      </div>
    </div>
  );
}

function NothingFound({ answer }: { answer: Answer }) {
  return (
    <EmptyState>
      <p>{`No products match “${answer.query}”.`}</p>
      {answer.didYouMean !== null && (
        <p>
          Did you mean <Link to={searchResultsHref(answer.didYouMean)}>{answer.didYouMean}</Link>?
        </p>
      )}
    </EmptyState>
  );
}

function SortSelect({ sort, onSort }: { sort: SearchSort; onSort(sort: SearchSort): void }) {
  const id = useId();
  return (
    <div className="search-page__sort">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        className="field__input"
        value={sort}
        onChange={(event) => onSort(event.target.value as SearchSort)}
      >
        {Object.entries(sortLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface ChoiceProps {
  name: string;
  label: string;
  count?: number;
  checked: boolean;
  onChoose(): void;
}

function Choice({ name, label, count, checked, onChoose }: ChoiceProps) {
  return (
    <label className="search-facet__choice">
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      <span>{label}</span>
      {count !== undefined && <span className="search-facet__count">{count}</span>}
    </label>
  );
}

function SearchFacets({
  answer,
  params,
  onChange,
}: {
  answer: Answer;
  params: SearchParams;
  onChange(params: SearchParams): void;
}) {
  const name = useId();
  const { facets } = answer;
  const subproducts = facets.subproducts.filter(
    (subproduct) => params.category === '' || subproduct.productId === params.category,
  );
  // On a phone the filters fold behind one button so the results come first; beside the results they are always open.
  const [open, setOpen] = useState(false);
  const chosen = [
    params.category !== '' || params.subproduct !== '',
    params.inStock,
    params.minCents !== null || params.maxCents !== null,
  ].filter(Boolean).length;
  return (
    <aside className="search-facets" aria-label="Filters" data-open={open}>
      <button
        type="button"
        className="button button--secondary search-facets__toggle"
        aria-expanded={open}
        aria-controls={`${name}-filters`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide filters' : chosen === 0 ? 'Show filters' : `Show filters (${chosen} chosen)`}
      </button>
      <div className="search-facets__body" id={`${name}-filters`}>
        <fieldset className="search-facet">
          <legend>Category</legend>
          <Choice
            name={`${name}-category`}
            label="All categories"
            checked={params.category === ''}
            onChoose={() => onChange(refined(params, { category: '', subproduct: '' }))}
          />
          {facets.categories.map((category) => (
            <Choice
              key={category.productId}
              name={`${name}-category`}
              label={category.name}
              count={category.count}
              checked={params.category === category.productId}
              onChoose={() => onChange(refined(params, { category: category.productId, subproduct: '' }))}
            />
          ))}
        </fieldset>
        {subproducts.length > 0 && (
          <fieldset className="search-facet">
            <legend>Product</legend>
            <Choice
              name={`${name}-subproduct`}
              label="All products"
              checked={params.subproduct === ''}
              onChoose={() => onChange(refined(params, { subproduct: '' }))}
            />
            {subproducts.map((subproduct) => (
              <Choice
                key={subproduct.subproductId}
                name={`${name}-subproduct`}
                label={subproduct.name}
                count={subproduct.count}
                checked={params.subproduct === subproduct.subproductId}
                onChoose={() => onChange(refined(params, { subproduct: subproduct.subproductId }))}
              />
            ))}
          </fieldset>
        )}
        <fieldset className="search-facet">
          <legend>Availability</legend>
          <label className="search-facet__choice">
            <input
              type="checkbox"
              checked={params.inStock}
              onChange={(event) => onChange(refined(params, { inStock: event.target.checked }))}
            />
            <span>In stock only</span>
            <span className="search-facet__count">{facets.inStock}</span>
          </label>
        </fieldset>
        <fieldset className="search-facet">
          <legend>Price</legend>
          <Choice
            name={`${name}-price`}
            label="Any price"
            checked={params.minCents === null && params.maxCents === null}
            onChoose={() => onChange(refined(params, { minCents: null, maxCents: null }))}
          />
          {facets.prices.map((band) => (
            <Choice
              key={band.minCents}
              name={`${name}-price`}
              label={priceBandLabel(band.minCents, band.maxCents)}
              count={band.count}
              checked={params.minCents === band.minCents && params.maxCents === band.maxCents}
              onChoose={() => onChange(refined(params, { minCents: band.minCents, maxCents: band.maxCents }))}
            />
          ))}
        </fieldset>
      </div>
    </aside>
  );
}
