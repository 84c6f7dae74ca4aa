import type { ComponentProps } from 'react';
import { MAX_QUANTITY } from '@labshop/contracts/catalogue/details-commands';
import { TextField } from './text-field.tsx';

/** Units in stock as the catalogue's commands take them (`quantity`): a whole number from 0 to MAX_QUANTITY, required. */
export function StockQuantityField(props: ComponentProps<typeof TextField>) {
  return <TextField required type="number" min={0} max={MAX_QUANTITY} step={1} {...props} />;
}
