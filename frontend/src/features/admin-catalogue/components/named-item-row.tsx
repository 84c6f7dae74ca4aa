import { ApiError } from '@/lib/api-client.ts';
import { useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { capitalised } from './capitalised.ts';
import { CatalogueItemActions } from './catalogue-item-actions.tsx';
import { failureMessage, fieldError } from './failure-message.ts';
import type { MutationCallbacks } from './mutation-callbacks.ts';
import { NameForm } from './name-form.tsx';

export interface NamedItem {
  id: string;
  name: string;
  visible: boolean;
}

/** What its column tells a row: whether it is selected or being renamed, and what follows a select, an edit or a delete. */
export interface RowInColumn {
  selected: boolean;
  onSelect: () => void;
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onDeleted: () => void;
}

interface NamedItemRowProps extends RowInColumn {
  item: NamedItem;
  noun: 'product' | 'subproduct';
  /** Shown after the name, e.g. '3 details'. */
  note?: string;
  busy: boolean;
  deleteConfirmation: string;
  rename: (name: string, callbacks: MutationCallbacks) => void;
  setVisible: (visible: boolean, callbacks: MutationCallbacks) => void;
  remove: (callbacks: MutationCallbacks) => void;
}

/** A product or subproduct in its column: select it (its children appear in the next column), rename, show/hide, history, delete. */
export function NamedItemRow(props: NamedItemRowProps) {
  const { item, noun, note, selected, onSelect, editing, onEdit, onEditDone, busy, deleteConfirmation } = props;
  const [nameError, setNameError] = useState<string | undefined>();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const toast = useToast();

  const stopEditing = () => {
    setNameError(undefined);
    onEditDone();
    // The Edit button only exists again after this render.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const rename = (name: string) => {
    if (name.trim() === item.name) return stopEditing();
    props.rename(name, {
      onSuccess: () => {
        toast.success(`${capitalised(noun)} renamed to “${name.trim()}”.`);
        stopEditing();
      },
      onError: (error) => {
        // A stale edit (409) names who changed the item and when; the list behind the form has reloaded with their change.
        const message =
          fieldError(error, 'name') ?? (error instanceof ApiError && error.status === 409 ? error.message : undefined);
        if (message === undefined) toast.error(failureMessage(`Could not rename the ${noun}`, error));
        setNameError(message);
      },
    });
  };

  if (editing) {
    return (
      <li className="catalogue-row catalogue-row--editing">
        <NameForm
          noun={noun}
          initialName={item.name}
          fieldLabel={`${capitalised(noun)} name`}
          label={`Rename ${item.name}`}
          submitting={busy}
          error={nameError}
          onNameChange={() => setNameError(undefined)}
          onCancel={stopEditing}
          onSubmit={rename}
        />
      </li>
    );
  }

  const classes = [
    'catalogue-row',
    selected && 'catalogue-row--selected',
    !item.visible && 'catalogue-row--hidden',
  ].filter(Boolean);
  return (
    <li className={classes.join(' ')} aria-busy={busy}>
      <span className="catalogue-row__title">
        <button
          type="button"
          className={`catalogue-row__select ${noun}-row__name`}
          aria-pressed={selected}
          onClick={onSelect}
        >
          {item.name}
        </button>
        {!item.visible && <span className="badge badge--muted">Hidden</span>}
        {note !== undefined && <span className="catalogue-row__note">{note}</span>}
      </span>
      <span className="catalogue-row__actions">
        <button
          ref={editButtonRef}
          type="button"
          className="button button--secondary button--small"
          onClick={onEdit}
          disabled={busy}
          aria-label={`Edit ${item.name}`}
        >
          Edit
        </button>
        <CatalogueItemActions
          noun={noun}
          item={item}
          busy={busy}
          deleteConfirmation={deleteConfirmation}
          setVisible={props.setVisible}
          remove={props.remove}
          onDeleted={props.onDeleted}
        />
      </span>
    </li>
  );
}
