// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { productDetailHref, searchResultsHref } from '@/lib/catalogue-links.ts';
import { searchSuggestionsQueryOptions, type SearchSuggestion } from '../api/get-search-suggestions.ts';
import { SearchBox } from './search-box.tsx';

afterEach(cleanup);

const suggestions: SearchSuggestion[] = [
  { detailId: '00000000-0000-4000-8000-000000000001', title: 'Removal Agents 5 ml', catalogNumber: null },
  { detailId: '00000000-0000-4000-8000-000000000002', title: 'Removal Agents 25 ml', catalogNumber: 'RA-25' },
];

function Location() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The box with the query API's answer for "rem" already in the query cache (the route itself is tested
 * in query-api), so what is tested here is the combobox: debounce, list, keyboard and navigation.
 */
function renderSearchBox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(searchSuggestionsQueryOptions('rem').queryKey, suggestions);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/']}>
        <SearchBox />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const box = screen.getByRole('combobox', { name: 'Search products' });
  act(() => box.focus());
  return box as HTMLInputElement;
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const options = () => screen.queryAllByRole('option');

describe('SearchBox', () => {
  it('lists suggestions once three characters have settled, and none for fewer', async () => {
    const box = renderSearchBox();
    fireEvent.change(box, { target: { value: 're' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(box, { target: { value: 'rem' } });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    // A catalogue-number match shows the number it matched before the title.
    expect(options().map((option) => option.textContent)).toEqual([
      'Removal Agents 5 ml',
      'RA-25 Removal Agents 25 ml',
    ]);
    expect(screen.getByText('2 suggestions available')).toBeTruthy();
  });

  it('moves through the list with the arrow keys and opens the highlighted suggestion with Enter', async () => {
    const box = renderSearchBox();
    fireEvent.change(box, { target: { value: 'rem' } });
    await waitFor(() => expect(options()).toHaveLength(2));

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const second = options()[1]!;
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(location()).toBe(productDetailHref(suggestions[0]!.detailId, suggestions[0]!.title));
    expect(box.value).toBe('');
  });

  it('closes the list on Escape, clears the box on a second Escape', async () => {
    const box = renderSearchBox();
    fireEvent.change(box, { target: { value: 'rem' } });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('rem');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
  });

  it('submits the text to the full results when nothing is highlighted', async () => {
    const box = renderSearchBox();
    fireEvent.change(box, { target: { value: ' rem ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location()).toBe(searchResultsHref('rem'));
  });
});
