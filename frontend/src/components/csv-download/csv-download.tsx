import { useState } from 'react';
import { useAdminToken } from '@/lib/admin-session.ts';

/** A back-office "Download CSV" button: `download` fetches the file with the admin's token; a failure is said beside it. */
export function CsvDownload({ download }: { download: (adminToken: string) => Promise<void> }) {
  const token = useAdminToken();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    if (token === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await download(token);
    } catch (error) {
      setFailure(`The CSV could not be downloaded. ${error instanceof Error ? error.message : ''}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void start()}
        disabled={busy || token === null}
      >
        {busy ? 'Preparing CSV…' : 'Download CSV'}
      </button>
      {failure !== null && (
        <p className="banner banner--error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
