import { useState } from 'react';
import { useCustomerToken } from '@/lib/customer-session.ts';
import { downloadMyData } from '../api/download-my-data.ts';

/** My Account's 'Download my data' (privacy: access and portability): every personal record the shop keeps about the customer, as JSON. */
export function DownloadMyData() {
  const token = useCustomerToken();
  const [state, setState] = useState<'idle' | 'downloading' | { failure: string }>('idle');

  const download = async () => {
    if (token === null) return setState({ failure: 'Please sign in again.' });
    setState('downloading');
    try {
      await downloadMyData(token);
      setState('idle');
    } catch (error) {
      setState({ failure: `Your data could not be downloaded. ${error instanceof Error ? error.message : ''}` });
    }
  };

  return (
    <section className="account-data" aria-labelledby="account-data-heading">
      <h2 id="account-data-heading">Your data</h2>
      <p id="account-data-help">
        Everything we keep about you (account, addresses, orders, quotes, invoices, your cart, the inquiries and
        messages you sent, and what you did with the network address and browser we recorded) as one JSON file.
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        disabled={state === 'downloading'}
        aria-describedby="account-data-help"
      >
        {state === 'downloading' ? 'Downloading…' : 'Download my data'}
      </button>
      {typeof state === 'object' && (
        <p className="field__error" role="alert">
          {state.failure}
        </p>
      )}
    </section>
  );
}
