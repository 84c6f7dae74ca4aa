import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormActions } from '@/components/form-actions/form-actions.tsx';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCreateService } from '../api/create-service.ts';
import type { AdminService } from '../api/get-admin-services.ts';
import { useUpdateService } from '../api/update-service.ts';
import { checkServiceForm, newServiceForm, serviceFormOf, type ServiceFormField, type ServiceFormValues } from '../service-form-values.ts';

interface ServiceFormProps {
  /** The service being edited; null for a new one. */
  editing: AdminService | null;
  /** After a create or an update: the manager resets the form and shows the list. */
  onSaved: () => void;
  /** Cancel: the manager resets the form and shows the list. */
  onCancel: () => void;
}

type FieldErrors = Partial<Record<ServiceFormField, string>>;

/** Create Service (or Edit Service): heading, category, price text, order, status and the rich-text description. */
export function ServiceForm({ editing, onSaved, onCancel }: ServiceFormProps) {
  // Loaded once: a refetch of the list must not overwrite what the admin is typing.
  const [values, setValues] = useState<ServiceFormValues>(() => (editing === null ? newServiceForm() : serviceFormOf(editing)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const createService = useCreateService();
  const updateService = useUpdateService();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a refused submit: focus then goes to the first field named invalid.
  const [focusRequest, setFocusRequest] = useState(0);
  const descriptionLabelId = useId();
  const descriptionErrorId = useId();
  const pending = createService.isPending || updateService.isPending;

  useEffect(() => {
    if (editing !== null) headingRef.current?.focus();
  }, [editing]);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const set = <F extends ServiceFormField>(field: F, value: ServiceFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...others }) => others);
  };

  const refused = (failure: string) => (error: Error) => {
    if (error instanceof ApiError) {
      setErrors(error.fields);
      setFocusRequest((count) => count + 1);
    }
    toast.error(`${failure} ${error.message}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkServiceForm(values);
    if (!checked.ok) {
      setErrors(checked.fields);
      setFocusRequest((count) => count + 1);
      toast.error('Please fill all required fields!');
      return;
    }
    if (editing === null) {
      createService.mutate(checked.input, {
        onSuccess: () => {
          toast.success('Service created successfully!');
          onSaved();
        },
        onError: refused('Failed to create service!'),
      });
    } else {
      updateService.mutate(
        { ...checked.input, serviceId: editing.serviceId, expectedVersion: editing.version },
        {
          onSuccess: () => {
            toast.success('Service updated successfully!');
            onSaved();
          },
          onError: refused('Failed to update service!'),
        },
      );
    }
  };

  return (
    <form ref={formRef} className="service-form" aria-labelledby="service-form-heading" onSubmit={submit} noValidate>
      <h2 id="service-form-heading" ref={headingRef} tabIndex={-1}>
        {editing === null ? 'Create Service' : `Edit Service: ${editing.heading}`}
      </h2>
      <div className="service-form__grid">
        <TextField label="Service Heading" required value={values.heading} error={errors.heading} maxLength={200} onChange={(e) => set('heading', e.target.value)} />
        <TextField label="Category" required value={values.category} error={errors.category} maxLength={100} onChange={(e) => set('category', e.target.value)} />
        <TextField
          label="Price"
          required
          value={values.price}
          error={errors.price}
          maxLength={50}
          hint="Shown as written, e.g. 100 or From $300 per prep"
          onChange={(e) => set('price', e.target.value)}
        />
        <TextField
          label="Order"
          required
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.order}
          error={errors.order}
          hint="Lower numbers are listed first"
          onChange={(e) => set('order', e.target.value)}
        />
      </div>
      <label className="service-form__status">
        <input type="checkbox" role="switch" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
        <span>Status: {values.isActive ? 'Active' : 'Inactive'}</span>
      </label>
      <div className="field">
        <p id={descriptionLabelId} className="field__label">
          Description<span aria-hidden="true"> *</span>
        </p>
        <RichTextEditor
          size="medium"
          labelledBy={descriptionLabelId}
          describedBy={errors.content === undefined ? undefined : descriptionErrorId}
          invalid={errors.content !== undefined}
          value={values.content}
          onChange={(html, byAdmin) => (byAdmin ? set('content', html) : setValues((current) => ({ ...current, content: html })))}
        />
        {errors.content !== undefined && (
          <p id={descriptionErrorId} className="field__error">
            {errors.content}
          </p>
        )}
      </div>
      <FormActions className="service-form__actions" pending={pending} submitLabel={editing === null ? 'Create Service' : 'Update Service'} secondary={{ label: 'Cancel', onClick: onCancel }} />
    </form>
  );
}
