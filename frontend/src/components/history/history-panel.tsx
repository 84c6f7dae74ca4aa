import { Pager } from '@/components/pager/pager.tsx';
import { useState } from 'react';
import { asOfEntityTypes, type AsOfEntityType } from '@labshop/contracts/as-of';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useAuditLog } from '@/lib/audit-log.ts';
import { AsOfView } from './as-of-view.tsx';
import { AuditEntryView } from './audit-entry.tsx';
import './history.css';

const PAGE_SIZE = 20;

const travelsInTime = (entityType: string): entityType is AsOfEntityType =>
  (asOfEntityTypes as readonly string[]).includes(entityType);

interface HistoryPanelProps {
  entityType: string;
  entityId: string;
  /** How the entity is called on screen: "History of <itemName>". */
  itemName: string;
}

/**
 * An entity's History panel, on every back-office screen that shows one: the audit log filtered to it
 * (who changed what and when, each field before → after, newest first), and, for orders, products and
 * services, the entity as it stood at a chosen moment.
 */
export function HistoryPanel({ entityType, entityId, itemName }: HistoryPanelProps) {
  const [page, setPage] = useState(1);
  const history = useAuditLog({ entityType, entityId, page, pageSize: PAGE_SIZE });
  const log = history.data;
  const pages = log === undefined ? 1 : Math.max(1, Math.ceil(log.total / log.pageSize));

  return (
    <div className="history-panel">
      {log === undefined ? (
        history.error === null ? (
          <LoadingState>Loading history…</LoadingState>
        ) : (
          <ErrorState
            message={`The history could not be loaded. ${history.error.message}`}
            onRetry={() => void history.refetch()}
            retrying={history.isRefetching}
          />
        )
      ) : log.entries.length === 0 ? (
        <EmptyState>
          <p>No history for this item yet.</p>
        </EmptyState>
      ) : (
        <>
          <ol
            className="history-list"
            aria-label={`Changes to ${itemName}, newest first`}
            aria-busy={history.isPlaceholderData}
          >
            {log.entries.map((entry) => (
              <AuditEntryView key={entry.eventId} entry={entry} />
            ))}
          </ol>
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label="History pages"
            previousLabel="Newer"
            nextLabel="Older"
          />
        </>
      )}
      {travelsInTime(entityType) && <AsOfView entityType={entityType} entityId={entityId} itemName={itemName} />}
    </div>
  );
}
