import { useEffect, useId, useState } from 'react';
import type { AdminDetailFile } from '../api/get-subproduct-details.ts';

interface DetailFileFieldProps {
  label: string;
  kind: 'image' | 'pdf';
  /** The file saved in this slot, if any. */
  stored: AdminDetailFile | null;
  /** A file chosen here, uploaded when the detail is saved. */
  chosen: File | null;
  /** The stored file is to be removed when the detail is saved. */
  removing: boolean;
  error: string | undefined;
  disabled: boolean;
  onChoose: (file: File | null) => void;
  onRemoveStored: (removing: boolean) => void;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** One of the detail's files: what is saved, what will replace or remove it on save, and the server's verdict. */
export function DetailFileField({ label, kind, stored, chosen, removing, error, disabled, onChoose, onRemoveStored }: DetailFileFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const preview = useObjectUrl(kind === 'image' ? chosen : null);

  return (
    <div className="field detail-file">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {chosen !== null ? (
        <div className="detail-file__current">
          {preview !== null && <img className="detail-file__preview" src={preview} alt={`Preview of ${chosen.name}`} />}
          <span>
            New: <strong>{chosen.name}</strong> ({sizeText(chosen.size)}), uploaded on save
          </span>
          <button type="button" className="button button--secondary button--small" onClick={() => onChoose(null)} disabled={disabled}>
            Remove<span className="visually-hidden"> new {label.toLowerCase()}</span>
          </button>
        </div>
      ) : stored !== null && !removing ? (
        <div className="detail-file__current">
          {kind === 'image' ? (
            <img className="detail-file__preview" src={stored.url} alt={`Current ${label.toLowerCase()}: ${stored.originalName}`} />
          ) : null}
          <span>
            <a href={stored.url} target="_blank" rel="noreferrer">
              {stored.originalName}
            </a>{' '}
            ({sizeText(stored.size)})
          </span>
          <button type="button" className="button button--danger button--small" onClick={() => onRemoveStored(true)} disabled={disabled}>
            Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : stored !== null ? (
        <div className="detail-file__current">
          <span>
            <strong>{stored.originalName}</strong> will be removed on save.
          </span>
          <button type="button" className="button button--secondary button--small" onClick={() => onRemoveStored(false)} disabled={disabled}>
            Keep<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : null}
      <input
        id={id}
        className="field__input detail-file__input"
        type="file"
        accept={kind === 'image' ? 'image/jpeg,image/png,image/gif' : '.pdf,application/pdf'}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        onChange={(event) => {
          onChoose(event.target.files?.[0] ?? null);
          // The choice is kept (and shown) above, so the same file can be chosen again after a refusal.
          event.target.value = '';
        }}
      />
      {error !== undefined && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A blob: URL for a chosen local file, released when it changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
