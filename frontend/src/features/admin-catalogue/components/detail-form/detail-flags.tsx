import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import type { DetailFormHook } from './use-detail-form.ts';

type Flag = 'bestseller' | 'featured' | 'shipsOnDryIce';

interface DetailFlagsProps {
  field: DetailFormHook['field'];
  errorOf: DetailFormHook['errorOf'];
  disabled: boolean;
}

function FlagBox({ field, name, label, disabled }: Omit<DetailFlagsProps, 'errorOf'> & { name: Flag; label: string }) {
  // Its message shows below the boxes (FlagError), not on the box.
  const { error: _shownBelow, ...input } = field(name);
  return (
    <label className="checkbox">
      <input type="checkbox" {...input} disabled={disabled} />
      {label}
    </label>
  );
}

function FlagError({ errorOf, name }: Pick<DetailFlagsProps, 'errorOf'> & { name: Flag }) {
  const error = errorOf(name);
  return error === undefined ? null : <p className="field__error">{error}</p>;
}

/** The shop lists a detail appears in (with its featured text) and how it ships. */
export function DetailFlags({ field, errorOf, disabled }: DetailFlagsProps) {
  return (
    <>
      <fieldset className="detail-form__flags">
        <legend>Shop lists</legend>
        <FlagBox field={field} name="bestseller" label="Bestseller" disabled={disabled} />
        <FlagBox field={field} name="featured" label="Featured" disabled={disabled} />
        <FlagError errorOf={errorOf} name="bestseller" />
        <FlagError errorOf={errorOf} name="featured" />
        <TextAreaField label="Featured text" rows={2} maxLength={500} {...field('featuredText')} disabled={disabled} />
      </fieldset>

      <fieldset className="detail-form__flags">
        <legend>Shipping</legend>
        <FlagBox
          field={field}
          name="shipsOnDryIce"
          label="Ships on dry ice (orders holding it pay the cold-chain surcharge once)"
          disabled={disabled}
        />
        <FlagError errorOf={errorOf} name="shipsOnDryIce" />
      </fieldset>
    </>
  );
}
