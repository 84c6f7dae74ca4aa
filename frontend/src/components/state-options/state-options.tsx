import { US_STATES } from '@labshop/contracts/us-states';

/**
 * The options of every State dropdown (checkout's addresses, My Profile, a tax certificate, the order desk's filter):
 * a placeholder, then the 50 states and DC in alphabetical order, each by its code (what addresses keep) and shown by
 * its name.
 */
export function StateOptions({ placeholder = 'Choose...' }: { placeholder?: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {US_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </>
  );
}
