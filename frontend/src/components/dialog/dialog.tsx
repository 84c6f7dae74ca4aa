import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  /** Wide for long reading (rich content, histories); narrow by default. */
  size?: 'narrow' | 'wide';
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal built on the native <dialog>: showModal() gives the focus trap, the inert background and
 * Escape for free; focus goes back to whatever opened it when it closes.
 */
export function Dialog({ open, title, size = 'narrow', onClose, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        if (opener?.isConnected) opener.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={size === 'wide' ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby={titleId}
      onClose={() => {
        // The close event is queued: by the time it fires the dialog may already be open again (React re-running the effect).
        if (!dialogRef.current?.open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="dialog__body">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
