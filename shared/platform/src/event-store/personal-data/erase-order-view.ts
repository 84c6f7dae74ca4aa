import { erasedValue, personalDataPaths } from './personal-fields.ts';
import type { OrderView } from '@labshop/contracts/orders/queries';

const erasedFieldsOf = (prefix: string) =>
  personalDataPaths.OrderPlaced!.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
const erasedAddressFields = erasedFieldsOf('address.');
const erasedBillingFields = erasedFieldsOf('billingAddress.');

const erased = <T extends object>(address: T, fields: readonly string[]): T => {
  const copy = { ...address };
  for (const field of fields) (copy as Record<string, unknown>)[field] = erasedValue(field);
  return copy;
};

/**
 * An order as it reads once its customer was erased: exactly what folding its events through the
 * personal-data store gives without the key (names 'Erased customer', the rest of the address, the PO
 * number and the reasons staff typed blank, the state kept), so a read model scrubbed on CustomerErased
 * equals one rebuilt afterwards. Lines, amounts, tax, status and invoice numbers are untouched.
 */
export function eraseOrderView(view: OrderView): OrderView {
  const address = erased(view.address, erasedAddressFields);
  const billingAddress = view.billingAddress && erased(view.billingAddress, erasedBillingFields);
  const payment = view.payment && {
    ...view.payment,
    name: erasedValue('name'),
    company: erasedValue('company'),
    poNumber: erasedValue('poNumber'),
  };
  const cancellation = view.cancellation && { ...view.cancellation, reason: erasedValue('reason') };
  const creditNotes = view.creditNotes.map((note) => ({ ...note, reason: erasedValue('reason') }));
  return {
    ...view,
    address,
    billingAddress,
    taxExemptNumber: view.taxExemptNumber === null ? null : erasedValue('taxExemptNumber'),
    payment,
    cancellation,
    creditNotes,
  };
}
