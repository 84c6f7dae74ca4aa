import type { FileSlot } from '@labshop/contracts/catalogue/events';
import { FileField } from '@/components/file-field/file-field.tsx';
import type { AdminDetail } from '../../api/get-subproduct-details.ts';
import type { DetailFiles } from './use-detail-files.ts';

const fileFields: { slot: FileSlot; label: string; kind: 'image' | 'pdf' }[] = [
  { slot: 'image', label: 'Image', kind: 'image' },
  { slot: 'manualPdf', label: 'Manual (PDF)', kind: 'pdf' },
  { slot: 'flyerPdf', label: 'Flyer (PDF)', kind: 'pdf' },
  { slot: 'technicalNotesPdf', label: 'Technical notes (PDF)', kind: 'pdf' },
];

interface DetailFilesFieldsetProps {
  files: DetailFiles;
  /** The detail being edited, with its stored files; null while adding. */
  detail: AdminDetail | null;
  /** The server's message for a slot, when it refused that file. */
  serverError: (slot: FileSlot) => string | undefined;
  /** A file picked or removed in a slot: the server's message about the slot no longer applies. */
  onSlotChanged: (slot: FileSlot) => void;
  disabled: boolean;
}

/** The detail's image and three PDFs: what is stored, what replaces or removes it on save, and why one was refused. */
export function DetailFilesFieldset({ files, detail, serverError, onSlotChanged, disabled }: DetailFilesFieldsetProps) {
  return (
    <fieldset className="detail-form__files">
      <legend>Files</legend>
      <p className="field__hint">
        An image (JPG, PNG or GIF under 2 MB) is required; PDFs under 10 MB. The detail and its files are saved
        together, or not at all.
      </p>
      <div className="detail-form__grid">
        {fileFields.map(({ slot, label, kind }) => (
          <FileField
            key={slot}
            label={label}
            kind={kind}
            stored={detail?.files[slot] ?? null}
            chosen={files.chosen[slot]}
            removing={files.removals.includes(slot)}
            error={files.errors[slot] ?? serverError(slot)}
            disabled={disabled}
            onChoose={(file) => {
              onSlotChanged(slot);
              files.choose(slot, kind, file);
            }}
            onRemoveStored={(removing) => {
              onSlotChanged(slot);
              files.toggleRemoval(slot, removing);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
