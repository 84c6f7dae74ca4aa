import { useSyncExternalStore } from 'react';
import { apiClient } from '@/lib/api-client.ts';
import './unavailable-notice.css';

/**
 * While the api-client is retrying requests the shop answered 503 (its database briefly away), a notice
 * says so; the pages keep what they show and the session stays. It goes when the retries succeed.
 */
export function UnavailableNotice() {
  const availability = useSyncExternalStore(apiClient.onAvailabilityChange, apiClient.availability);
  return (
    <div className="unavailable-notice" role="status" aria-live="polite">
      {availability === 'retrying' && (
        <p className="unavailable-notice__text">The shop is briefly unavailable. Retrying…</p>
      )}
    </div>
  );
}
