import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The field bots fill and people never see: off screen, out of the tab order and hidden from screen
 * readers. The server answers a submission that fills it like any other and records nothing.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Website (leave empty)
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
