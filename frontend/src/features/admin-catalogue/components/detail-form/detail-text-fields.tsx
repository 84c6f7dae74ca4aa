import { useId } from 'react';
import { StockQuantityField } from '@/components/text-field/stock-quantity-field.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import type { DetailFormHook } from './use-detail-form.ts';

interface DetailTextFieldsProps {
  field: DetailFormHook['field'];
  /** The subproduct's existing product types, offered as choices. */
  productTypes: string[];
  disabled: boolean;
}

/** The detail's type, numbers, price and references. */
export function DetailTextFields({ field, productTypes, disabled }: DetailTextFieldsProps) {
  const typesId = useId();
  return (
    <div className="detail-form__grid">
      <TextField
        label="Product type"
        required
        {...field('productType')}
        list={typesId}
        maxLength={50}
        autoComplete="off"
        hint={
          productTypes.length > 0
            ? 'Types already in this subproduct are listed; each detail needs a type of its own.'
            : undefined
        }
        disabled={disabled}
      />
      <datalist id={typesId}>
        {productTypes.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <TextField label="Catalog number" {...field('catalogNumber')} maxLength={50} disabled={disabled} />
      <StockQuantityField label="Quantity in stock" {...field('quantity')} disabled={disabled} />
      <TextField
        label="Price (USD)"
        required
        inputMode="decimal"
        placeholder="0.00"
        {...field('price', 'priceCents')}
        disabled={disabled}
      />
      <TextField
        label="Discount (%)"
        type="number"
        min={0}
        max={100}
        step="any"
        {...field('addPercentage')}
        hint="Selling price = price × (1 − discount / 100)."
        disabled={disabled}
      />
      <TextField label="Inner package id" {...field('innerPackageId')} maxLength={50} disabled={disabled} />
      <TextField
        className="detail-form__wide"
        label="Product URL"
        type="url"
        placeholder="https://"
        {...field('productUrl')}
        maxLength={500}
        disabled={disabled}
      />
    </div>
  );
}
