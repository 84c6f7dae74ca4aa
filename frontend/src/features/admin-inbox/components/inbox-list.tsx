import { formatBusinessTime } from '@labshop/contracts/dates';
import type { InboxEntry } from '@labshop/contracts/inbox/queries';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { HistoryButton } from '@/components/history/history-button.tsx';
import { useInbox, type InboxStatusFilter } from '../api/get-inbox.ts';
import { useMarkAnswered } from '../api/mark-answered.ts';
import './admin-inbox.css';

const filters: readonly { value: InboxStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'answered', label: 'Answered' },
];

function InboxItem({ entry }: { entry: InboxEntry }) {
  const mark = useMarkAnswered();
  const headingId = `inbox-${entry.id}`;
  const kindLabel = entry.kind === 'inquiry' ? 'Inquiry' : 'Contact message';
  return (
    <li className="inbox-item" aria-labelledby={headingId}>
      <div className="inbox-item__badges">
        <span className="inbox-badge">{kindLabel}</span>
        <span className={`inbox-badge inbox-badge--${entry.status}`}>
          {entry.status === 'new' ? 'New' : 'Answered'}
        </span>
        <time dateTime={entry.submittedAt}>{formatBusinessTime(entry.submittedAt)} (New York)</time>
        <HistoryButton
          entityType={entry.kind === 'inquiry' ? 'inquiry' : 'contact-message'}
          entityId={entry.id}
          itemName={`${kindLabel.toLowerCase()} from ${entry.name}`}
        />
      </div>
      <h2 id={headingId} className="inbox-item__topic">
        {entry.topic || (entry.kind === 'inquiry' ? 'General inquiry' : '(no subject)')}
      </h2>
      <p className="inbox-item__from">
        {entry.name}
        {entry.company && `, ${entry.company}`} · <a href={`mailto:${entry.email}`}>{entry.email}</a>
        {entry.phone && (
          <>
            {' · '}
            <a href={`tel:${entry.phone.replace(/[^\d+]/g, '')}`}>{entry.phone}</a>
          </>
        )}
      </p>
      {entry.details.length > 0 && (
        <dl className="inbox-item__details">
          {entry.details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="inbox-item__message">{entry.message}</p>
      {entry.status === 'answered' && entry.answeredBy && entry.answeredAt ? (
        <p className="inbox-item__answered">
          Answered by {entry.answeredBy.email} on {formatBusinessTime(entry.answeredAt)}
        </p>
      ) : (
        <div className="inbox-item__actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ kind: entry.kind, id: entry.id })}
          >
            {mark.isPending ? 'Marking…' : 'Mark answered'}
          </button>
          {mark.isError && (
            <p className="field__error" role="alert">
              {mark.error.message}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

interface InboxListProps {
  status: InboxStatusFilter;
  page: number;
  /** The route keeps the status and page in the URL, so a filtered inbox can be linked to (the dashboard does). */
  onChange(view: { status: InboxStatusFilter; page: number }): void;
}

/** The back office's inbox: inquiries and contact messages, newest first, filtered by status. */
export function InboxList({ status, page, onChange }: InboxListProps) {
  const inbox = useInbox(status, page);
  const choose = (next: InboxStatusFilter) => onChange({ status: next, page: 1 });
  const setPage = (next: number) => onChange({ status, page: next });

  return (
    <section aria-label="Inbox">
      <div className="inbox-filters" role="group" aria-label="Show">
        {filters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            className="button button--secondary button--small"
            aria-pressed={status === filter.value}
            onClick={() => choose(filter.value)}
          >
            {filter.label}
            {filter.value === 'new' && inbox.data && ` (${inbox.data.newCount})`}
          </button>
        ))}
      </div>
      {inbox.isPending && <LoadingState>Loading the inbox…</LoadingState>}
      {inbox.isError && (
        <ErrorState
          message="The inbox could not be loaded."
          onRetry={() => void inbox.refetch()}
          retrying={inbox.isFetching}
        />
      )}
      {inbox.data && inbox.data.submissions.length === 0 && (
        <EmptyState>{status === 'all' ? 'No messages yet.' : `No ${status} messages.`}</EmptyState>
      )}
      {inbox.data && inbox.data.submissions.length > 0 && (
        <>
          <ul className="inbox-list" aria-busy={inbox.isPlaceholderData}>
            {inbox.data.submissions.map((entry) => (
              <InboxItem key={entry.id} entry={entry} />
            ))}
          </ul>
          {inbox.data.total > inbox.data.pageSize && (
            <nav className="inbox-pages" aria-label="Inbox pages">
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Newer
              </button>
              <span>
                Page {page} of {Math.ceil(inbox.data.total / inbox.data.pageSize)}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={page * inbox.data.pageSize >= inbox.data.total}
                onClick={() => setPage(page + 1)}
              >
                Older
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
