import { useEffect, useId, useState } from 'react';
import { clampQuantity } from './clamp-quantity.ts';
import './quantity-stepper.css';

interface QuantityStepperProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
}

/** A number field with − and + buttons; typed values are held as text while typing and clamped on leaving the field. */
export function QuantityStepper({ label, value, min, max, onChange, disabled = false }: QuantityStepperProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (next: number) => {
    const clamped = clampQuantity(next, min, max);
    setDraft(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  return (
    <div className="quantity-stepper">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="quantity-stepper__controls">
        <button
          type="button"
          className="button button--secondary quantity-stepper__button"
          aria-label={`Decrease ${label.toLowerCase()}`}
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
          aria-label={`Increase ${label.toLowerCase()}`}
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
