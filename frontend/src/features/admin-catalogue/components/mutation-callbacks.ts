/** What a row or form hands to the mutation of its level, so one component serves products and subproducts. */
export interface MutationCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}
