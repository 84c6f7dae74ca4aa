import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser traps focus inside, closes it on Escape and puts focus back
 * where it was. Mounted means open; the parent unmounts it from `onClose`.
 */
export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={dialogRef} className="modal-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--secondary button--small" onClick={() => dialogRef.current?.close()}>
          Close
        </button>
      </div>
      <div className="modal-dialog__body">{children}</div>
    </dialog>
  );
}
