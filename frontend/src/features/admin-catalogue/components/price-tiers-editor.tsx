import { useRef } from 'react';
import { MAX_PRICE_TIERS } from '@labshop/contracts/catalogue/details-commands';
import { TIERS_REPLACE_BASE_PRICE } from '../base-price.ts';
import { emptyPriceTier, type FieldErrors, type PriceTierDraft } from '../detail-form-values.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

interface PriceTiersEditorProps {
  tiers: PriceTierDraft[];
  errors: FieldErrors;
  disabled: boolean;
  onChange: (tiers: PriceTierDraft[], touched: { index: number; field: string } | 'all') => void;
}

type TierField = 'price' | 'packSize' | 'description' | 'catalogNumber';

/** The body path each input's server message comes back under. */
const errorPath = (index: number, field: TierField) =>
  `priceTiers.${index}.${field === 'price' ? 'priceCents' : field}`;

/** Volume prices: one row per pack size, added and removed freely (at most 20). */
export function PriceTiersEditor({ tiers, errors, disabled, onChange }: PriceTiersEditorProps) {
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const rowsRef = useRef<HTMLOListElement>(null);

  const update = (index: number, field: TierField, value: string) =>
    onChange(
      tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)),
      { index, field: errorPath(index, field) },
    );

  const add = () => {
    onChange([...tiers, emptyPriceTier()], 'all');
    // Straight into the new row's first input, which exists after this render.
    requestAnimationFrame(() => rowsRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  };

  const remove = (index: number) => {
    onChange(
      tiers.filter((_, at) => at !== index),
      'all',
    );
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  return (
    <fieldset className="price-tiers">
      <legend>Price tiers</legend>
      <p className="field__hint">Optional volume prices. Each needs a price and a pack size.</p>
      {tiers.length > 0 && <p className="field__hint price-tiers__replaces">{TIERS_REPLACE_BASE_PRICE}</p>}
      {errors.priceTiers !== undefined && <p className="field__error">{errors.priceTiers}</p>}
      {tiers.length > 0 && (
        <ol ref={rowsRef} className="price-tiers__list">
          {tiers.map((tier, index) => (
            <li key={tier.key} className="price-tiers__row">
              <span className="price-tiers__number" aria-hidden="true">
                {index + 1}
              </span>
              <div className="price-tiers__fields">
                <TextField
                  label={<TierLabel index={index} text="Price (USD)" />}
                  inputMode="decimal"
                  value={tier.price}
                  onChange={(event) => update(index, 'price', event.target.value)}
                  error={errors[errorPath(index, 'price')]}
                  disabled={disabled}
                />
                <TextField
                  label={<TierLabel index={index} text="Pack size" />}
                  value={tier.packSize}
                  maxLength={50}
                  onChange={(event) => update(index, 'packSize', event.target.value)}
                  error={errors[errorPath(index, 'packSize')]}
                  disabled={disabled}
                />
                <TextField
                  label={<TierLabel index={index} text="Description" />}
                  value={tier.description}
                  maxLength={200}
                  onChange={(event) => update(index, 'description', event.target.value)}
                  error={errors[errorPath(index, 'description')]}
                  disabled={disabled}
                />
                <TextField
                  label={<TierLabel index={index} text="Catalog number" />}
                  value={tier.catalogNumber}
                  maxLength={50}
                  onChange={(event) => update(index, 'catalogNumber', event.target.value)}
                  error={errors[errorPath(index, 'catalogNumber')]}
                  disabled={disabled}
                />
              </div>
              <button
                type="button"
                className="button button--danger button--small price-tiers__remove"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={`Remove price tier ${index + 1}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <button
        ref={addButtonRef}
        type="button"
        className="button button--secondary button--small"
        onClick={add}
        disabled={disabled || tiers.length >= MAX_PRICE_TIERS}
      >
        Add price tier
      </button>
    </fieldset>
  );
}

/** The row's number badge shows the tier to the eye; screen readers hear it as part of each label. */
function TierLabel({ index, text }: { index: number; text: string }) {
  return (
    <>
      <span className="visually-hidden">Tier {index + 1} </span>
      {text}
    </>
  );
}
