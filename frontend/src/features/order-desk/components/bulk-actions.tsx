import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { saveBlob } from '@/lib/download-with-session.ts';
import type { DeskOrderRow } from '../api/get-desk-orders.ts';
import { moveOrder } from '../api/move-order.ts';
import { deskRowsCsv } from '../desk-csv.ts';

interface Failure {
  orderNumber: string;
  message: string;
}

interface BulkProgress {
  done: number;
  total: number;
  failures: Failure[];
}

interface BulkActionsProps {
  selected: readonly DeskOrderRow[];
  /** After a bulk move: the rows it moved leave the selection, those refused stay selected. */
  onMoved(movedIds: readonly string[]): void;
}

/**
 * What the order desk does to the selected rows: Confirm each (the one confirm command per order, with the version
 * the list showed, one after the other so progress can be told), and Export CSV of them.
 */
export function BulkActions({ selected, onMoved }: BulkActionsProps) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const running = progress !== null && progress.done < progress.total;

  const confirmSelected = async () => {
    const rows = [...selected];
    const failures: Failure[] = [];
    const moved: string[] = [];
    setProgress({ done: 0, total: rows.length, failures });
    for (const [index, row] of rows.entries()) {
      try {
        await moveOrder({ orderId: row.orderId, action: 'confirm', expectedVersion: row.version });
        moved.push(row.orderId);
      } catch (error) {
        failures.push({
          orderNumber: row.orderNumber,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      setProgress({ done: index + 1, total: rows.length, failures: [...failures] });
    }
    // The answers' positions are remembered, so the refetch shows every confirmation.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard }),
    ]);
    onMoved(moved);
  };

  return (
    <div className="bulk-actions" role="group" aria-label="Selected orders">
      <p className="bulk-actions__count">
        {selected.length === 0 ? 'Select orders to act on them.' : `${selected.length} selected`}
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        disabled={selected.length === 0 || running}
        onClick={() => void confirmSelected()}
      >
        Confirm
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={selected.length === 0}
        onClick={() => saveBlob(new Blob([deskRowsCsv(selected)], { type: 'text/csv' }), 'orders.csv')}
      >
        Export CSV
      </button>
      <div role="status" className="bulk-actions__progress">
        {progress !== null &&
          (running
            ? `Confirming ${progress.done + 1} of ${progress.total}…`
            : `Confirmed ${progress.total - progress.failures.length} of ${progress.total}.`)}
      </div>
      {progress !== null && !running && progress.failures.length > 0 && (
        <div className="banner banner--error" role="alert">
          <p>{`${progress.failures.length} could not be confirmed:`}</p>
          <ul>
            {progress.failures.map((failure) => (
              <li key={failure.orderNumber}>{`${failure.orderNumber}: ${failure.message}`}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
