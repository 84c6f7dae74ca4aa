import { useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { capitalised } from './capitalised.ts';
import { failureMessage, fieldError } from './failure-message.ts';
import type { MutationCallbacks } from './mutation-callbacks.ts';
import { NameForm, type NamedNoun } from './name-form.tsx';

interface AddNamedItemProps {
  /** 'product' or 'subproduct': names the button, the field and the messages. */
  noun: NamedNoun;
  pending: boolean;
  add: (name: string, callbacks: MutationCallbacks) => void;
}

/** An 'Add …' button that opens the inline name form; the server's message shows next to the field. */
export function AddNamedItem({ noun, pending, add }: AddNamedItemProps) {
  const [open, setOpen] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const toast = useToast();

  const close = () => {
    setOpen(false);
    setNameError(undefined);
    // The button only exists again after this render.
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  if (!open) {
    return (
      <button ref={addButtonRef} type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Add {noun}
      </button>
    );
  }

  return (
    <NameForm
      noun={noun}
      initialName=""
      fieldLabel={`${capitalised(noun)} name`}
      label={`Add ${noun}`}
      submitting={pending}
      error={nameError}
      onNameChange={() => setNameError(undefined)}
      onCancel={close}
      onSubmit={(name) =>
        add(name, {
          onSuccess: () => {
            toast.success(`${capitalised(noun)} “${name.trim()}” added.`);
            close();
          },
          onError: (error) => {
            const message = fieldError(error, 'name');
            if (message === undefined) toast.error(failureMessage(`Could not add the ${noun}`, error));
            setNameError(message);
          },
        })
      }
    />
  );
}
