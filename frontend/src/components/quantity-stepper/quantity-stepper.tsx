import { useId, useState } from 'react';
import { clampQuantity } from './clamp-quantity.ts';
import './quantity-stepper.css';

interface QuantityStepperProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
  /** Names what the quantity is of, for screen readers, where several steppers share a page (the cart's lines). */
  labelDetail?: string;
}

/** A number field with − and + buttons; typed values are held as text while typing and clamped on leaving the field. */
export function QuantityStepper({
  label,
  value,
  min,
  max,
  onChange,
  disabled = false,
  labelDetail,
}: QuantityStepperProps) {
  const inputId = useId();
  const named = labelDetail === undefined ? label.toLowerCase() : `${label.toLowerCase()} of ${labelDetail}`;
  const [draft, setDraft] = useState(String(value));
  // A new value from outside (another pack size chosen, a line merged) replaces the draft in the same render: synced
  // in an effect, the field showed the old number for a frame, and read then it was wrong.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(String(value));
  }

  const commit = (next: number) => {
    const clamped = clampQuantity(next, min, max);
    setDraft(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  return (
    <div className="quantity-stepper">
      <label className="field__label" htmlFor={inputId}>
        {label}
        {labelDetail !== undefined && <span className="visually-hidden">{` of ${labelDetail}`}</span>}
      </label>
      <div className="quantity-stepper__controls">
        <button
          type="button"
          className="button button--secondary quantity-stepper__button"
          aria-label={`Decrease ${named}`}
          aria-controls={inputId}
          disabled={disabled || value <= min}
          onClick={() => commit(value - 1)}
        >
          −
        </button>
        <input
          id={inputId}
          className="field__input quantity-stepper__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => commit(Number.parseInt(draft, 10))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(Number.parseInt(draft, 10));
          }}
        />
        <button
          type="button"
          className="button button--secondary quantity-stepper__button"
          aria-label={`Increase ${named}`}
          aria-controls={inputId}
          disabled={disabled || value >= max}
          onClick={() => commit(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
