import { useEffect, useId, useState } from 'react';
import './file-field.css';

/** A file the server keeps, as the admin reads it. */
export interface StoredFileView {
  url: string;
  originalName: string;
  size: number;
}

interface FileFieldProps {
  label: string;
  kind: 'image' | 'pdf';
  /** The file saved in this slot, if any. */
  stored: StoredFileView | null;
  /** A file chosen here, uploaded when the form is saved. */
  chosen: File | null;
  /** The stored file is to be removed when the form is saved. */
  removing: boolean;
  error: string | undefined;
  disabled: boolean;
  onChoose: (file: File | null) => void;
  onRemoveStored: (removing: boolean) => void;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A form's file (a detail's image or PDFs, an uploaded product's image): what is saved, what will replace or remove it on save, and the server's verdict. */
export function FileField({
  label,
  kind,
  stored,
  chosen,
  removing,
  error,
  disabled,
  onChoose,
  onRemoveStored,
}: FileFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const preview = useObjectUrl(kind === 'image' ? chosen : null);

  return (
    <div className="field file-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {chosen !== null ? (
        <div className="file-field__current">
          {preview !== null && <img className="file-field__preview" src={preview} alt={`Preview of ${chosen.name}`} />}
          <span>
            New: <strong>{chosen.name}</strong> ({sizeText(chosen.size)}), uploaded on save
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChoose(null)}
            disabled={disabled}
          >
            Remove<span className="visually-hidden"> new {label.toLowerCase()}</span>
          </button>
        </div>
      ) : stored !== null && !removing ? (
        <div className="file-field__current">
          {kind === 'image' ? (
            <img
              className="file-field__preview"
              src={stored.url}
              alt={`Current ${label.toLowerCase()}: ${stored.originalName}`}
            />
          ) : null}
          <span>
            <a href={stored.url} target="_blank" rel="noreferrer">
              {stored.originalName}
            </a>{' '}
            ({sizeText(stored.size)})
          </span>
          <button
            type="button"
            className="button button--danger button--small"
            onClick={() => onRemoveStored(true)}
            disabled={disabled}
          >
            Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : stored !== null ? (
        <div className="file-field__current">
          <span>
            <strong>{stored.originalName}</strong> will be removed on save.
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onRemoveStored(false)}
            disabled={disabled}
          >
            Keep<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : null}
      <input
        id={id}
        className="field__input file-field__input"
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
