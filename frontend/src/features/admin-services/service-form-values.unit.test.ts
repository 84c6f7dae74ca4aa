import { describe, expect, it } from 'vitest';
import { serviceInput, type ServiceInput } from '@labshop/contracts/content/services-commands';
import { commandResolver, flatMessages } from '@/hooks/use-command-form.ts';
import { newServiceForm, serviceBodyOf, sortedByOrder, type ServiceFormValues } from './service-form-values.ts';

/** The form's own check: the zod resolver over the server's schema, on the body the form would send. */
const resolve = commandResolver<ServiceFormValues, ServiceInput>(serviceInput, serviceBodyOf);
async function checkServiceForm(values: ServiceFormValues) {
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.keys(result.errors).length > 0
    ? { ok: false, fields: flatMessages(result.errors) }
    : { ok: true, input: result.values };
}

describe('service form', () => {
  it('starts with the spec’s defaults', () => {
    expect(newServiceForm()).toEqual({
      heading: '',
      category: '',
      price: '100',
      order: '1',
      content: '',
      isActive: true,
    });
  });

  it('names every missing field with the command API’s messages; an empty editor counts as no description', async () => {
    const checked = await checkServiceForm({ ...newServiceForm(), price: ' ', order: '', content: '<p><br></p>' });
    expect(checked).toEqual({
      ok: false,
      fields: {
        heading: 'Service heading is required',
        category: 'Category is required',
        price: 'Price is required',
        order: 'Order is required',
        content: 'Description is required',
      },
    });
    expect(await checkServiceForm({ ...newServiceForm(), order: '2.5' })).toMatchObject({
      ok: false,
      fields: { order: 'Order must be a whole number' },
    });
  });

  it('turns a complete form into the command’s input', async () => {
    const values = {
      heading: ' Plasmid DNA ',
      category: 'Plasmids',
      price: '100',
      order: '3',
      content: '<p>Fast</p>',
      isActive: false,
    };
    expect(await checkServiceForm(values)).toEqual({
      ok: true,
      input: {
        heading: 'Plasmid DNA',
        category: 'Plasmids',
        price: '100',
        order: 3,
        content: '<p>Fast</p>',
        isActive: false,
      },
    });
  });

  it('sorts by order, ties by creation time, and descending reverses it', () => {
    const services = [
      { id: 'b', order: 2, createdAt: '2026-01-02' },
      { id: 'a', order: 1, createdAt: '2026-01-03' },
      { id: 'c', order: 2, createdAt: '2026-01-01' },
    ];
    expect(sortedByOrder(services, 'ascending').map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(sortedByOrder(services, 'descending').map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });
});
