import { useNavigate, useSearchParams } from 'react-router-dom';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { SearchResults } from '@/features/search/components/search-results.tsx';
import { searchFromParams, searchParamsFrom } from '@/features/search/search-params.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';

export function SearchRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = searchParamsFrom(search);
  // A facet is a controlled input whose state is the URL: flushSync shows the choice at once, not after a transition.
  usePageTitle(params.q === '' ? 'Search' : `Search: ${params.q}`);
  return (
    <div className="container page">
      <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Search' }]} />
      <div className="page__header">
        <h1>{params.q === '' ? 'Search' : `Search results for “${params.q}”`}</h1>
      </div>
      <SearchResults
        key={params.q}
        params={params}
        onChange={(next) => void navigate(`/search?${searchFromParams(next).toString()}`, { flushSync: true })}
      />
    </div>
  );
}
