import type { TimelineEntry } from '../api/get-desk-order.ts';
import { actorLabel, formatDeskTime } from '../desk-format.ts';

/**
 * The order's history, the back office's History panel for orders: every event of its stream, newest
 * first, with when and who (the admin by email, the customer, or the system).
 */
export function OrderTimeline({ timeline }: { timeline: readonly TimelineEntry[] }) {
  const newestFirst = [...timeline].reverse();
  return (
    <section className="desk-panel desk-timeline" aria-labelledby="desk-timeline-heading">
      <h2 id="desk-timeline-heading">History</h2>
      <ol className="desk-timeline__list" aria-label="Everything that happened to this order, newest first">
        {newestFirst.map((entry) => (
          <li key={entry.eventId} className="desk-timeline__entry">
            <p className="desk-timeline__summary">
              <strong>{entry.summary}</strong> by {actorLabel(entry.actor)} <time dateTime={entry.at}>{formatDeskTime(entry.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
