import { HONEYPOT_FIELD } from '@labshop/contracts/inbox/commands';

interface HoneypotFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The field bots fill and people never see: off screen, out of the tab order and hidden from screen
 * readers. The server answers a submission that fills it like any other and records nothing.
 */
export function HoneypotField({ value, onChange }: HoneypotFieldProps) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Website (leave empty)
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
