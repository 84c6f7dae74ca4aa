import { useEffect } from 'react';

/** Names the browser tab (and what screen readers announce on navigation) after the page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | LabShop`;
  }, [title]);
}
