import { useCallback, useSyncExternalStore } from 'react';

/** Phones: the width below which the back office collapses long timelines and tables (global.css agrees). */
export const PHONE_QUERY = '(max-width: 600px)';

const mediaOf = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/** Whether a CSS media query matches now, following it as the window changes; false where there is no matchMedia (jsdom). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = mediaOf(query);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaOf(query)?.matches ?? false);
}

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
