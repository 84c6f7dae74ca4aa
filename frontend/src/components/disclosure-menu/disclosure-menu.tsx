import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import './disclosure-menu.css';

interface DisclosureMenuProps {
  label: string;
  children: ReactNode;
}

/**
 * A navigation drop-down built as a disclosure (a button with aria-expanded controlling a list of links),
 * the pattern WAI-ARIA recommends for site navigation: Tab moves through the links, Escape closes and
 * returns focus to the button, leaving the menu or navigating closes it.
 */
export function DisclosureMenu({ label, children }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="disclosure-menu" ref={containerRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-item disclosure-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {label}
        <span className="disclosure-menu__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="disclosure-menu__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
