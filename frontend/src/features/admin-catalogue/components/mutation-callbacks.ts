/** What a row or form hands to the mutation of its level, so one component serves products and subproducts. */
export interface MutationCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * For a mutation whose component unmounts before it settles: a deleted row leaves its list during the
 * refetch the mutation awaits, and TanStack Query drops mutate()'s own callbacks for an unmounted
 * component. The promise from mutateAsync still settles, so the toast and focus move still happen.
 */
export const whenSettled = (promise: Promise<unknown>, { onSuccess, onError }: MutationCallbacks) =>
  void promise.then(onSuccess, (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
