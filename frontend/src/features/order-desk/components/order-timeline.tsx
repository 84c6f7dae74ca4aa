import type { TimelineEntry } from '../api/get-desk-order.ts';
import { formatBusinessTime } from '@labshop/shared/dates';
import { actorLabel } from '../desk-format.ts';

/**
 * The order's history, the back office's History panel for orders: every event of its stream, newest
 * first, with when and who (the admin by email, the customer, or the system).
 */
export function OrderTimeline({ timeline }: { timeline: readonly TimelineEntry[] }) {
  const newestFirst = [...timeline].reverse();
  return (
    <section className="desk-panel" aria-labelledby="desk-timeline-heading">
      <h2 id="desk-timeline-heading">History</h2>
      <ol className="history-list" aria-label="Everything that happened to this order, newest first">
        {newestFirst.map((entry) => (
          <li key={entry.eventId} className="history-entry">
            <p className="history-entry__summary">
              <strong>{entry.summary}</strong> by {actorLabel(entry.actor)} <time dateTime={entry.at}>{formatBusinessTime(entry.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
