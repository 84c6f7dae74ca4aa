import type { CreateDetailInput } from '@labshop/contracts/catalogue/details-commands';
import { createDetailInput } from '@labshop/contracts/catalogue/details-commands';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import type { AdminDetail } from '../../api/get-subproduct-details.ts';
import { detailBodyOf, detailFormValuesOf, emptyDetailForm, type DetailFormValues } from '../../detail-form-values.ts';

/**
 * The detail form's fields on the one form hook, checked by createDetailInput (the server's schema).
 * A message shows after a submit and clears as soon as its field changes.
 */
export const useDetailForm = (detail: AdminDetail | null) =>
  useCommandForm<DetailFormValues, CreateDetailInput>({
    schema: createDetailInput,
    toInput: detailBodyOf,
    defaultValues: detail === null ? emptyDetailForm() : detailFormValuesOf(detail),
    reValidateMode: 'onSubmit',
    focusRefused: true,
  });

export type DetailFormHook = ReturnType<typeof useDetailForm>;
