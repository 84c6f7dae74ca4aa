import { useSearchParams } from 'react-router-dom';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { SearchResults } from '@/features/search/components/search-results.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';

export function SearchRoute() {
  const [search] = useSearchParams();
  const text = (search.get('q') ?? '').trim();
  usePageTitle(text === '' ? 'Search' : `Search: ${text}`);
  return (
    <div className="container page">
      <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Search' }]} />
      <div className="page__header">
        <h1>{text === '' ? 'Search' : `Search results for “${text}”`}</h1>
      </div>
      <SearchResults key={text} text={text} />
    </div>
  );
}
