import { useEffect, useId, useRef } from 'react';
import { serviceInput, type ServiceInput } from '@labshop/contracts/content/services-commands';
import { FormActions } from '@/components/form-actions/form-actions.tsx';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useCreateService } from '../api/create-service.ts';
import type { AdminService } from '../api/get-admin-services.ts';
import { useUpdateService } from '../api/update-service.ts';
import { newServiceForm, serviceBodyOf, serviceFormOf, type ServiceFormValues } from '../service-form-values.ts';

interface ServiceFormProps {
  /** The service being edited; null for a new one. */
  editing: AdminService | null;
  /** After a create or an update: the manager resets the form and shows the list. */
  onSaved: () => void;
  /** Cancel: the manager resets the form and shows the list. */
  onCancel: () => void;
}

/** Create Service (or Edit Service): heading, category, price text, order, status and the rich-text description. */
export function ServiceForm({ editing, onSaved, onCancel }: ServiceFormProps) {
  // Loaded once: a refetch of the list must not overwrite what the admin is typing. A message clears when its field changes.
  const { form, formRef, field, errorOf, refuse, onSubmit, submitting } = useCommandForm<
    ServiceFormValues,
    ServiceInput
  >({
    schema: serviceInput,
    toInput: serviceBodyOf,
    defaultValues: editing === null ? newServiceForm() : serviceFormOf(editing),
    reValidateMode: 'onSubmit',
    focusRefused: true,
  });
  const createService = useCreateService();
  const updateService = useUpdateService();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const descriptionLabelId = useId();
  const descriptionErrorId = useId();
  const contentError = errorOf('content');

  useEffect(() => {
    if (editing !== null) headingRef.current?.focus();
  }, [editing]);

  const submit = onSubmit(
    async (input) => {
      const failure = editing === null ? 'Failed to create service!' : 'Failed to update service!';
      try {
        if (editing === null) await createService.mutateAsync(input);
        else
          await updateService.mutateAsync({ ...input, serviceId: editing.serviceId, expectedVersion: editing.version });
        toast.success(editing === null ? 'Service created successfully!' : 'Service updated successfully!');
        onSaved();
      } catch (error) {
        refuse(error, null);
        toast.error(`${failure} ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    () => toast.error('Please fill all required fields!'),
  );

  return (
    <form ref={formRef} className="service-form" aria-labelledby="service-form-heading" onSubmit={submit} noValidate>
      <h2 id="service-form-heading" ref={headingRef} tabIndex={-1}>
        {editing === null ? 'Create Service' : `Edit Service: ${editing.heading}`}
      </h2>
      <div className="service-form__grid">
        <TextField label="Service Heading" required {...field('heading')} maxLength={200} />
        <TextField label="Category" required {...field('category')} maxLength={100} />
        <TextField
          label="Price"
          required
          {...field('price')}
          maxLength={50}
          hint="Shown as written, e.g. 100 or From $300 per prep"
        />
        <TextField
          label="Order"
          required
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...field('order')}
          hint="Lower numbers are listed first"
        />
      </div>
      <label className="service-form__status">
        <input type="checkbox" role="switch" {...form.register('isActive')} />
        <span>Status: {form.watch('isActive') ? 'Active' : 'Inactive'}</span>
      </label>
      <div className="field">
        <p id={descriptionLabelId} className="field__label">
          Description<span aria-hidden="true"> *</span>
        </p>
        <RichTextEditor
          size="medium"
          labelledBy={descriptionLabelId}
          describedBy={contentError === undefined ? undefined : descriptionErrorId}
          invalid={contentError !== undefined}
          value={form.watch('content')}
          onChange={(html, byAdmin) => {
            form.setValue('content', html, { shouldDirty: byAdmin });
            if (byAdmin) form.clearErrors('content');
          }}
        />
        {contentError !== undefined && (
          <p id={descriptionErrorId} className="field__error">
            {contentError}
          </p>
        )}
      </div>
      <FormActions
        className="service-form__actions"
        pending={submitting}
        submitLabel={editing === null ? 'Create Service' : 'Update Service'}
        secondary={{ label: 'Cancel', onClick: onCancel }}
      />
    </form>
  );
}
