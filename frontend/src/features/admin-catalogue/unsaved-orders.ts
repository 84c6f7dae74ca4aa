import { createContext, useContext, useEffect, useId } from 'react';

/** How a list of the display order view tells the manager whether it holds moves not saved yet. */
export const UnsavedOrdersContext = createContext<((list: string, unsaved: boolean) => void) | null>(null);

export const LEAVE_UNSAVED_ORDER = 'Leave without saving? The display order you changed but did not save will be lost.';

/** Reports this list's unsaved moves to the manager while it is shown (none once it is gone). */
export function useReportUnsavedOrder(unsaved: boolean) {
  const report = useContext(UnsavedOrdersContext);
  const list = useId();
  useEffect(() => {
    report?.(list, unsaved);
    return () => report?.(list, false);
  }, [report, list, unsaved]);
}
