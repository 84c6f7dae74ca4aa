import { CsvDownload } from '@/components/csv-download/csv-download.tsx';
import { Pager } from '@/components/pager/pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { downloadAuditCsv } from '../api/download-audit-csv.ts';
import { useAuditLog } from '@/lib/audit-log.ts';
import { auditRequest, hasAuditFilters, noAuditFilters, type AuditFilters } from '../audit-filters.ts';
import { AuditEntryView } from '@/components/history/audit-entry.tsx';
import { AuditFiltersForm } from './audit-filters-form.tsx';
import './audit-log.css';

const PAGE_SIZE = 25;

interface AuditLogPageProps {
  filters: AuditFilters;
  /** The route keeps filters and page in the URL. */
  onFiltersChange(filters: AuditFilters): void;
}

/** The audit log: every admin and system action and failed admin sign-in, filtered, a page at a time, and as CSV. */
export function AuditLog({ filters, onFiltersChange }: AuditLogPageProps) {
  const request = auditRequest(filters, PAGE_SIZE);
  const log = useAuditLog(request);
  const list = log.data;
  const pages = list === undefined ? 1 : Math.max(1, Math.ceil(list.total / list.pageSize));
  const goToPage = (page: number) => onFiltersChange({ ...filters, page });

  return (
    <div className="audit-log">
      <AuditFiltersForm filters={filters} onApply={onFiltersChange} />
      {list === undefined ? (
        log.error === null ? (
          <LoadingState>Loading the audit log…</LoadingState>
        ) : (
          <ErrorState
            message={`The audit log could not be loaded. ${log.error.message}`}
            onRetry={() => void log.refetch()}
            retrying={log.isRefetching}
          />
        )
      ) : list.entries.length === 0 ? (
        <EmptyState>
          {hasAuditFilters(filters) ? (
            <>
              <p>Nothing in the audit log matches these filters.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => onFiltersChange(noAuditFilters)}
              >
                Clear filters
              </button>
            </>
          ) : (
            <p>Nothing has been done yet.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <div className="audit-log__bar">
            <p role="status">
              {`${list.total.toLocaleString('en-US')} ${list.total === 1 ? 'entry' : 'entries'}`}
              {log.isPlaceholderData && ' (updating…)'}
            </p>
            <CsvDownload download={(token) => downloadAuditCsv(auditCsvFilters(filters), token)} />
          </div>
          <ol className="history-list" aria-label="Audit log, newest first" aria-busy={log.isPlaceholderData}>
            {list.entries.map((entry) => (
              <AuditEntryView key={entry.eventId} entry={entry} showEntity />
            ))}
          </ol>
          <Pager page={filters.page} pages={pages} onPage={goToPage} />
        </>
      )}
    </div>
  );
}

/** The filtered log, every page of it, for the CSV. */
function auditCsvFilters(filters: AuditFilters) {
  const { page: _page, pageSize: _pageSize, ...only } = auditRequest(filters, PAGE_SIZE);
  return only;
}
