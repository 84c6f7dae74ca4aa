import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fileMessages } from '@labshop/contracts/catalogue/details-commands';
import { uploadedProductMessages } from '@labshop/contracts/catalogue/uploads-commands';
import { FileField } from '@/components/file-field/file-field.tsx';
import { RichText } from '@/components/rich-text/rich-text.tsx';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { pickedFileError } from '@/lib/picked-file.ts';
import type { UploadedProduct } from '../api/get-uploaded-products.ts';
import { useSaveUploadedProduct } from '../api/save-uploaded-product.ts';
import {
  emptyUploadForm,
  uploadFieldsOf,
  uploadFormValuesOf,
  type FieldErrors,
  type UploadFormValues,
} from '../upload-form-values.ts';

interface ProductUploadFormProps {
  /** null: add mode. */
  product: UploadedProduct | null;
  /** Back to add mode (after a save, an update or Reset). */
  onDone: () => void;
}

const withDetails = (message: string, error: unknown) =>
  error instanceof ApiError && error.message !== message ? `${message} ${error.message}` : message;

/** 'Add New Product' or 'Edit Product': the fields, the description in rich text with its preview, and the image. */
export function ProductUploadForm({ product, onDone }: ProductUploadFormProps) {
  const editing = product !== null;
  const [values, setValues] = useState<UploadFormValues>(() =>
    product === null ? emptyUploadForm() : uploadFormValuesOf(product),
  );
  const [image, setImage] = useState<File | null>(null);
  const [removingImage, setRemovingImage] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [descriptionEdited, setDescriptionEdited] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = {
    heading: useId(),
    descriptionLabel: useId(),
    descriptionError: useId(),
    banner: useId(),
    preview: useId(),
  };
  const save = useSaveUploadedProduct();
  const toast = useToast();
  const pending = save.isPending;

  useEffect(() => {
    if (editing) headingRef.current?.focus();
  }, [editing]);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const set = (field: keyof UploadFormValues, value: string, errorKey: string = field) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [errorKey]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const refuse = (found: FieldErrors, message: string) => {
    setErrors(found);
    setFormError(message);
    setFocusRequest((count) => count + 1);
  };

  const reset = () => {
    setValues(emptyUploadForm());
    setImage(null);
    setRemovingImage(false);
    setErrors({});
    setFormError(null);
    setPreviewing(false);
    setDescriptionEdited(false);
    onDone();
  };

  // A new product needs an image; an edited one only when its image is removed.
  const imageMissing = image === null && (product === null || removingImage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = uploadFieldsOf(values);
    const invalid = editing ? uploadedProductMessages.noSelection : uploadedProductMessages.invalidForm;
    const missing: FieldErrors = imageMissing ? { image: fileMessages.imageMissing } : {};
    if ('errors' in checked) return refuse({ ...checked.errors, ...missing }, invalid);
    if (imageMissing) return refuse(missing, invalid);
    const input =
      product === null
        ? { mode: 'add' as const, fields: checked.fields, image: image! }
        : {
            mode: 'edit' as const,
            productId: product.productId,
            expectedVersion: product.version,
            // The editor re-serialises stored HTML its own way: unless the admin typed in it, the stored description stays.
            fields: {
              ...checked.fields,
              description: descriptionEdited ? checked.fields.description : product.description,
            },
            image,
          };
    save.mutate(input, {
      onSuccess: () => {
        toast.success(editing ? uploadedProductMessages.updated : uploadedProductMessages.saved);
        reset();
      },
      onError: (error) => {
        const message = withDetails(
          editing ? uploadedProductMessages.updateFailed : uploadedProductMessages.saveFailed,
          error,
        );
        toast.error(message);
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) refuse(error.fields, message);
        else setFormError(message);
      },
    });
  };

  const chooseImage = (file: File | null) => {
    const refusal = file === null ? undefined : pickedFileError('image', file);
    setImage(refusal === undefined ? file : null);
    setErrors(({ image: _cleared, ...rest }) => (refusal === undefined ? rest : { ...rest, image: refusal }));
  };

  const description = normalizeEditorHtml(values.description);

  return (
    <form
      ref={formRef}
      className="upload-form"
      aria-labelledby={ids.heading}
      aria-describedby={formError === null ? undefined : ids.banner}
      onSubmit={submit}
      noValidate
    >
      <h2 id={ids.heading} ref={headingRef} tabIndex={-1}>
        {editing ? 'Edit Product' : 'Add New Product'}
      </h2>
      {formError !== null && (
        <p id={ids.banner} className="banner banner--error" role="alert">
          {formError}
        </p>
      )}
      <div className="upload-form__grid">
        <TextField
          label="Product name"
          required
          maxLength={100}
          value={values.productName}
          onChange={(e) => set('productName', e.target.value)}
          error={errors.productName}
          disabled={pending}
        />
        <TextField
          label="Product type"
          required
          maxLength={50}
          value={values.productType}
          onChange={(e) => set('productType', e.target.value)}
          error={errors.productType}
          disabled={pending}
        />
        <TextField
          label="Price (USD)"
          required
          type="number"
          min={0}
          max={100000}
          step={0.01}
          inputMode="decimal"
          value={values.price}
          onChange={(e) => set('price', e.target.value, 'priceCents')}
          error={errors.priceCents}
          disabled={pending}
        />
        <TextField
          label="Quantity"
          required
          type="number"
          min={0}
          max={10000}
          step={1}
          value={values.quantity}
          onChange={(e) => set('quantity', e.target.value)}
          error={errors.quantity}
          disabled={pending}
        />
        <TextField
          label="Product URL"
          type="url"
          placeholder="https://"
          value={values.productUrl}
          onChange={(e) => set('productUrl', e.target.value)}
          error={errors.productUrl}
          disabled={pending}
        />
        <TextField
          label="Inner package id"
          maxLength={50}
          value={values.innerPackageId}
          onChange={(e) => set('innerPackageId', e.target.value)}
          error={errors.innerPackageId}
          disabled={pending}
        />
      </div>

      <div className="field">
        <span id={ids.descriptionLabel} className="field__label">
          Description<span aria-hidden="true"> *</span>
        </span>
        <RichTextEditor
          size="medium"
          labelledBy={ids.descriptionLabel}
          describedBy={errors.description === undefined ? undefined : ids.descriptionError}
          invalid={errors.description !== undefined}
          value={values.description}
          onChange={(html, byAdmin) => {
            if (!byAdmin) return setValues((current) => ({ ...current, description: html }));
            setDescriptionEdited(true);
            set('description', html);
          }}
        />
        {errors.description !== undefined && (
          <p id={ids.descriptionError} className="field__error">
            {errors.description}
          </p>
        )}
      </div>

      <FileField
        label="Image"
        kind="image"
        stored={product === null ? null : product.image}
        chosen={image}
        removing={removingImage}
        error={errors.image}
        disabled={pending}
        onChoose={chooseImage}
        onRemoveStored={setRemovingImage}
      />

      <div className="upload-form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Saving…' : editing ? 'Update' : 'Save'}
        </button>
        <button type="button" className="button button--secondary" onClick={reset} disabled={pending}>
          Reset
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={previewing}
          aria-controls={ids.preview}
          onClick={() => setPreviewing((shown) => !shown)}
        >
          Toggle Preview
        </button>
      </div>
      {/* The editor's HTML is Quill's rendering of its own document (only its formats survive); the server sanitises it again when saving. */}
      <section id={ids.preview} hidden={!previewing} className="upload-form__preview" aria-label="Description preview">
        {description === '' ? <p className="field__hint">Nothing to preview yet.</p> : <RichText html={description} />}
      </section>
    </form>
  );
}
