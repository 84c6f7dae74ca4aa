import { useState } from 'react';
import { useIsPhone } from '@/hooks/use-media-query.ts';
import type { TimelineEntry } from '../api/get-desk-order.ts';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { actorLabel } from '../desk-format.ts';

/** How many of the newest events a phone shows before "Show all". */
export const PHONE_TIMELINE_LENGTH = 5;

/**
 * The order's history, the back office's History panel for orders: every event of its stream, newest
 * first, with when and who (the admin by email, the customer, or the system). On a phone only the newest
 * few, the rest one tap away.
 */
export function OrderTimeline({ timeline }: { timeline: readonly TimelineEntry[] }) {
  const isPhone = useIsPhone();
  const [showAll, setShowAll] = useState(false);
  const newestFirst = [...timeline].reverse();
  const folded = isPhone && !showAll && newestFirst.length > PHONE_TIMELINE_LENGTH;
  const shown = folded ? newestFirst.slice(0, PHONE_TIMELINE_LENGTH) : newestFirst;
  return (
    <section className="desk-panel" aria-labelledby="desk-timeline-heading">
      <h2 id="desk-timeline-heading">History</h2>
      <ol id="desk-timeline" className="history-list" aria-label="Everything that happened to this order, newest first">
        {shown.map((entry) => (
          <li key={entry.eventId} className="history-entry">
            <p className="history-entry__summary">
              <strong>{entry.summary}</strong> by {actorLabel(entry.actor)}{' '}
              <time dateTime={entry.at}>{formatBusinessTime(entry.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      {folded && (
        <button
          type="button"
          className="button button--secondary"
          aria-controls="desk-timeline"
          onClick={() => setShowAll(true)}
        >
          {`Show all ${newestFirst.length} events`}
        </button>
      )}
    </section>
  );
}
