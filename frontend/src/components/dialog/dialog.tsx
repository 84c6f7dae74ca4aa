import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
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
 * A modal from Radix's dialog (WAI-ARIA's dialog pattern): focus is trapped inside and the rest of the page hidden from
 * assistive technology while it is open; Escape, the Close button and a click outside close it; focus goes back to
 * whatever had it (the button that opened it) when it closes.
 */
export function Dialog({ open, title, size = 'narrow', onClose, children }: DialogProps) {
  // Radix gives the focus back to its own Trigger; these dialogs are opened by their callers' buttons.
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(isOpen) => isOpen || onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-backdrop" />
        {/* The title names the dialog; what it says is its content, not one description. */}
        <RadixDialog.Content
          className={size === 'wide' ? 'dialog dialog--wide' : 'dialog'}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
          }}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog__close" aria-label="Close">
              ×
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
