import { useId } from 'react';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';
import type { DetailFormHook } from './use-detail-form.ts';

interface DetailContentsFieldProps {
  detailForm: DetailFormHook;
  /** The admin typed in the editor (its own re-serialising of stored HTML is no edit). */
  onEdited: () => void;
}

/** The detail's rich-text contents, with the schema's or the server's message under it. */
export function DetailContentsField({ detailForm, onEdited }: DetailContentsFieldProps) {
  const { form, errorOf, setFormError } = detailForm;
  const labelId = useId();
  const errorId = useId();
  const error = errorOf('contents');
  return (
    <div className="field">
      <span id={labelId} className="field__label">
        Contents
      </span>
      <RichTextEditor
        size="form"
        labelledBy={labelId}
        describedBy={error === undefined ? undefined : errorId}
        invalid={error !== undefined}
        value={form.watch('contents')}
        onChange={(html, byAdmin) => {
          form.setValue('contents', html, { shouldDirty: byAdmin });
          if (!byAdmin) return;
          onEdited();
          form.clearErrors('contents');
          setFormError(null);
        }}
      />
      {error !== undefined && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
