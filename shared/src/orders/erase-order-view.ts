import { erasedValue, personalDataPaths } from '../event-store/personal-data/personal-fields.ts';
import type { OrderView } from '../queries/orders.ts';

const erasedAddressFields = personalDataPaths.OrderPlaced!.filter((path) => path.startsWith('address.')).map((path) => path.slice('address.'.length));

/**
 * An order as it reads once its customer was erased: exactly what folding its events through the
 * personal-data store gives without the key (names 'Erased customer', the rest of the address, the PO
 * number and the reasons staff typed blank, the state kept), so a read model scrubbed on CustomerErased
 * equals one rebuilt afterwards. Lines, amounts, tax, status and invoice numbers are untouched.
 */
export function eraseOrderView(view: OrderView): OrderView {
  const address = { ...view.address };
  for (const field of erasedAddressFields) (address as Record<string, unknown>)[field] = erasedValue(field);
  const payment = view.payment && { ...view.payment, name: erasedValue('name'), company: erasedValue('company'), poNumber: erasedValue('poNumber') };
  const cancellation = view.cancellation && { ...view.cancellation, reason: erasedValue('reason') };
  const creditNotes = view.creditNotes.map((note) => ({ ...note, reason: erasedValue('reason') }));
  return { ...view, address, taxExemptNumber: view.taxExemptNumber === null ? null : erasedValue('taxExemptNumber'), payment, cancellation, creditNotes };
}
