import { useEffect, useId, useRef, useState } from 'react';
import { fileMessages } from '@labshop/contracts/catalogue/details-commands';
import {
  uploadedProductFields,
  uploadedProductMessages,
  type UploadedProductFieldValues,
} from '@labshop/contracts/catalogue/uploads-commands';
import { FileField } from '@/components/file-field/file-field.tsx';
import { RichText } from '@/components/rich-text/rich-text.tsx';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';
import { StockQuantityField } from '@/components/text-field/stock-quantity-field.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { TitledForm } from '@/components/titled-form/titled-form.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { ApiError } from '@/lib/api-client.ts';
import { pickedFileError } from '@/lib/picked-file.ts';
import type { UploadedProduct } from '../api/get-uploaded-products.ts';
import { useSaveUploadedProduct } from '../api/save-uploaded-product.ts';
import { emptyUploadForm, uploadBodyOf, uploadFormValuesOf, type UploadFormValues } from '../upload-form-values.ts';

interface ProductUploadFormProps {
  /** null: add mode. */
  product: UploadedProduct | null;
  /** Back to add mode (after a save, an update or Reset). */
  onDone: () => void;
}

/** The image's message lives with the fields' (the server may name it too), though no input registers it. */
const IMAGE = 'image' as keyof UploadFormValues;

const withDetails = (message: string, error: unknown) =>
  error instanceof ApiError && error.message !== message ? `${message} ${error.message}` : message;

/** 'Add New Product' or 'Edit Product': the fields, the description in rich text with its preview, and the image. */
export function ProductUploadForm({ product, onDone }: ProductUploadFormProps) {
  const editing = product !== null;
  // The command's schema checks the fields on submit; a message clears as soon as its field changes.
  const { form, formRef, field, errorOf, formError, setFormError, refuse, onSubmit, submitting } = useCommandForm<
    UploadFormValues,
    UploadedProductFieldValues
  >({
    schema: uploadedProductFields,
    toInput: uploadBodyOf,
    defaultValues: product === null ? emptyUploadForm() : uploadFormValuesOf(product),
    reValidateMode: 'onSubmit',
    focusRefused: true,
  });
  const [image, setImage] = useState<File | null>(null);
  const [removingImage, setRemovingImage] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [descriptionEdited, setDescriptionEdited] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { descriptionLabel: useId(), descriptionError: useId(), preview: useId() };
  const save = useSaveUploadedProduct();
  const toast = useToast();
  const invalid = editing ? uploadedProductMessages.noSelection : uploadedProductMessages.invalidForm;

  useEffect(() => {
    if (editing) headingRef.current?.focus();
  }, [editing]);

  const reset = () => {
    form.reset(emptyUploadForm());
    setImage(null);
    setRemovingImage(false);
    setFormError(null);
    setPreviewing(false);
    setDescriptionEdited(false);
    onDone();
  };

  // A new product needs an image; an edited one only when its image is removed.
  const imageMissing = image === null && (product === null || removingImage);
  /** Says the image is missing, if it is; whether it was. */
  const checkImage = () => {
    if (imageMissing) form.setError(IMAGE, { type: 'required', message: fileMessages.imageMissing });
    return imageMissing;
  };

  const submit = onSubmit(
    async (fields) => {
      if (checkImage()) return refuse(null, invalid);
      try {
        await save.mutateAsync(
          product === null
            ? { mode: 'add', fields, image: image! }
            : {
                mode: 'edit',
                productId: product.productId,
                expectedVersion: product.version,
                // The editor re-serialises stored HTML its own way: unless the admin typed in it, the stored description stays.
                fields: { ...fields, description: descriptionEdited ? fields.description : product.description },
                image,
              },
        );
        toast.success(editing ? uploadedProductMessages.updated : uploadedProductMessages.saved);
        reset();
      } catch (error) {
        const message = withDetails(
          editing ? uploadedProductMessages.updateFailed : uploadedProductMessages.saveFailed,
          error,
        );
        toast.error(message);
        refuse(error, message);
      }
    },
    () => {
      checkImage();
      setFormError(invalid);
    },
  );

  const chooseImage = (file: File | null) => {
    const refusal = file === null ? undefined : pickedFileError('image', file);
    setImage(refusal === undefined ? file : null);
    if (refusal === undefined) form.clearErrors(IMAGE);
    else form.setError(IMAGE, { type: 'format', message: refusal });
  };

  const descriptionError = errorOf('description');
  const description = normalizeEditorHtml(form.watch('description'));

  return (
    <TitledForm
      ref={formRef}
      className="upload-form"
      title={editing ? 'Edit Product' : 'Add New Product'}
      level={2}
      titleRef={headingRef}
      formError={formError}
      onSubmit={submit}
    >
      <div className="upload-form__grid">
        <TextField label="Product name" required maxLength={100} {...field('productName')} disabled={submitting} />
        <TextField label="Product type" required maxLength={50} {...field('productType')} disabled={submitting} />
        <TextField
          label="Price (USD)"
          required
          type="number"
          min={0}
          max={100000}
          step={0.01}
          inputMode="decimal"
          {...field('price', 'priceCents')}
          disabled={submitting}
        />
        <StockQuantityField label="Quantity" {...field('quantity')} disabled={submitting} />
        <TextField
          label="Product URL"
          type="url"
          placeholder="https://"
          {...field('productUrl')}
          disabled={submitting}
        />
        <TextField label="Inner package id" maxLength={50} {...field('innerPackageId')} disabled={submitting} />
      </div>

      <div className="field">
        <span id={ids.descriptionLabel} className="field__label">
          Description<span aria-hidden="true"> *</span>
        </span>
        <RichTextEditor
          size="medium"
          labelledBy={ids.descriptionLabel}
          describedBy={descriptionError === undefined ? undefined : ids.descriptionError}
          invalid={descriptionError !== undefined}
          value={form.watch('description')}
          onChange={(html, byAdmin) => {
            form.setValue('description', html, { shouldDirty: byAdmin });
            if (!byAdmin) return;
            setDescriptionEdited(true);
            form.clearErrors('description');
            setFormError(null);
          }}
        />
        {descriptionError !== undefined && (
          <p id={ids.descriptionError} className="field__error">
            {descriptionError}
          </p>
        )}
      </div>

      <FileField
        label="Image"
        kind="image"
        stored={product === null ? null : product.image}
        chosen={image}
        removing={removingImage}
        error={errorOf(IMAGE)}
        disabled={submitting}
        onChoose={chooseImage}
        onRemoveStored={setRemovingImage}
      />

      <div className="upload-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving…' : editing ? 'Update' : 'Save'}
        </button>
        <button type="button" className="button button--secondary" onClick={reset} disabled={submitting}>
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
    </TitledForm>
  );
}
