import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fileMessages } from '@labshop/shared/commands/catalogue-details';
import { fileSlots, type FileSlot } from '@labshop/shared/events/catalogue';
import type { EditDetailInput } from '@labshop/shared/commands/catalogue-details';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { SubproductRef } from '../api/details-path.ts';
import type { AdminDetail } from '../api/get-subproduct-details.ts';
import { useSaveDetail } from '../api/save-detail.ts';
import {
  changedDetailFields,
  detailFieldsOf,
  detailFormValuesOf,
  emptyDetailForm,
  type DetailFormValues,
  type FieldErrors,
} from '../detail-form-values.ts';
import { pickedFileError } from '@/lib/picked-file.ts';
import { FileField } from '@/components/file-field/file-field.tsx';
import { FormActions } from '@/components/form-actions/form-actions.tsx';
import { failureMessage } from './failure-message.ts';
import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { PriceTiersEditor } from './price-tiers-editor.tsx';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';

type FileErrors = Partial<Record<FileSlot, string>>;

interface DetailFormProps {
  subproductRef: SubproductRef;
  /** null: add a new detail. */
  detail: AdminDetail | null;
  /** The subproduct's existing product types, offered as choices. */
  productTypes: string[];
  onSaved: () => void;
  onCancel: () => void;
}

const fileFields: { slot: FileSlot; label: string; kind: 'image' | 'pdf' }[] = [
  { slot: 'image', label: 'Image', kind: 'image' },
  { slot: 'manualPdf', label: 'Manual (PDF)', kind: 'pdf' },
  { slot: 'flyerPdf', label: 'Flyer (PDF)', kind: 'pdf' },
  { slot: 'technicalNotesPdf', label: 'Technical notes (PDF)', kind: 'pdf' },
];

const noFiles = () => Object.fromEntries(fileSlots.map((slot) => [slot, null])) as Record<FileSlot, File | null>;

/** Add or edit one detail: every field, the price tiers, the rich-text contents and the four files. */
export function DetailForm({ subproductRef, detail, productTypes, onSaved, onCancel }: DetailFormProps) {
  const editing = detail !== null;
  const [values, setValues] = useState<DetailFormValues>(() => (detail === null ? emptyDetailForm() : detailFormValuesOf(detail)));
  const [contentsEdited, setContentsEdited] = useState(false);
  const [chosenFiles, setChosenFiles] = useState(noFiles);
  const [removals, setRemovals] = useState<FileSlot[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { heading: useId(), types: useId(), contentsLabel: useId(), contentsError: useId(), banner: useId() };
  const save = useSaveDetail();
  const toast = useToast();
  const pending = save.isPending;

  // Opening a detail for editing moves the admin (and focus) to the form.
  useEffect(() => {
    if (!editing) return;
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  }, [editing]);

  // After a refused submit, focus the first field that says why.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const set = <K extends keyof DetailFormValues>(field: K, value: DetailFormValues[K], errorKey: string = field) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [errorKey]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const clear = () => {
    setValues(emptyDetailForm());
    setContentsEdited(false);
    setChosenFiles(noFiles());
    setRemovals([]);
    setErrors({});
    setFileErrors({});
    setFormError(null);
  };

  /** Messages keyed by field go next to their input, those keyed by file slot next to that file's input. */
  const refuse = (found: FieldErrors, message: string) => {
    const isSlot = (key: string): key is FileSlot => (fileSlots as readonly string[]).includes(key);
    setErrors(Object.fromEntries(Object.entries(found).filter(([key]) => !isSlot(key))));
    setFileErrors(Object.fromEntries(Object.entries(found).filter(([key]) => isSlot(key))));
    setFormError(message);
    setFocusRequest((count) => count + 1);
  };

  // Spec: a new detail needs an image; in edit mode only when its image is being removed.
  const imageMissing = () => chosenFiles.image === null && (detail === null || removals.includes('image'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = detailFieldsOf(values);
    const missingImage: FieldErrors = imageMissing() ? { image: fileMessages.imageMissing } : {};
    if ('errors' in checked) return refuse({ ...checked.errors, ...missingImage }, 'Please fill all required fields correctly');
    if (missingImage.image !== undefined) return refuse(missingImage, 'Please fill all required fields correctly');

    const uploads = Object.fromEntries(Object.entries(chosenFiles).filter(([, file]) => file !== null)) as Partial<Record<FileSlot, File>>;
    const files = { uploads, removals };
    const input =
      detail === null
        ? { ...subproductRef, ...files, mode: 'add' as const, fields: checked.fields }
        : {
            ...subproductRef,
            ...files,
            mode: 'edit' as const,
            detailId: detail.detailId,
            // The version this form was opened on: a change someone saved since is refused (409) instead of overwritten.
            changes: withVersion(changedDetailFields(detail, checked.fields, contentsEdited), detail.version),
          };
    const productType = checked.fields.productType;
    setFileErrors({});
    save.mutate(input, {
      onSuccess: () => {
        toast.success(`Detail “${productType}” ${editing ? 'updated' : 'added'}.`);
        onSaved();
      },
      onError: (error) => {
        const message = failureMessage(editing ? 'Error updating detail' : 'Error adding detail', error);
        toast.error(message);
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) refuse(error.fields, message);
        else setFormError(message);
      },
    });
  };

  // A file is checked the moment it is picked: one that cannot be used is not kept, and the reason shows at once.
  const chooseFile = (slot: FileSlot, kind: 'image' | 'pdf', file: File | null) => {
    const refusal = file === null ? undefined : pickedFileError(kind, file);
    setChosenFiles((current) => ({ ...current, [slot]: refusal === undefined ? file : null }));
    setFileErrors(({ [slot]: _cleared, ...rest }) => (refusal === undefined ? rest : { ...rest, [slot]: refusal }));
  };

  const toggleRemoval = (slot: FileSlot, removing: boolean) =>
    setRemovals((current) => (removing ? [...current, slot] : current.filter((candidate) => candidate !== slot)));

  return (
    <form
      ref={formRef}
      className="detail-form"
      aria-labelledby={ids.heading}
      aria-describedby={formError === null ? undefined : ids.banner}
      onSubmit={submit}
      noValidate
    >
      <h3 id={ids.heading} ref={headingRef} tabIndex={-1}>
        {detail === null ? 'Add detail' : `Edit detail: ${detail.productType}`}
      </h3>
      {formError !== null && (
        <p id={ids.banner} className="banner banner--error" role="alert">
          {formError}
        </p>
      )}

      <div className="detail-form__grid">
        <TextField
          label="Product type"
          required
          value={values.productType}
          onChange={(event) => set('productType', event.target.value)}
          error={errors.productType}
          list={ids.types}
          maxLength={50}
          autoComplete="off"
          hint={productTypes.length > 0 ? 'Types already in this subproduct are listed; each detail needs a type of its own.' : undefined}
          disabled={pending}
        />
        <datalist id={ids.types}>
          {productTypes.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <TextField
          label="Catalog number"
          value={values.catalogNumber}
          onChange={(event) => set('catalogNumber', event.target.value)}
          error={errors.catalogNumber}
          maxLength={50}
          disabled={pending}
        />
        <TextField
          label="Quantity in stock"
          required
          type="number"
          min={0}
          max={10000}
          step={1}
          value={values.quantity}
          onChange={(event) => set('quantity', event.target.value)}
          error={errors.quantity}
          disabled={pending}
        />
        <TextField
          label="Price (USD)"
          required
          inputMode="decimal"
          placeholder="0.00"
          value={values.price}
          onChange={(event) => set('price', event.target.value, 'priceCents')}
          error={errors.priceCents}
          disabled={pending}
        />
        <TextField
          label="Discount (%)"
          type="number"
          min={0}
          max={100}
          step="any"
          value={values.addPercentage}
          onChange={(event) => set('addPercentage', event.target.value)}
          error={errors.addPercentage}
          hint="Selling price = price × (1 − discount / 100)."
          disabled={pending}
        />
        <TextField
          label="Inner package id"
          value={values.innerPackageId}
          onChange={(event) => set('innerPackageId', event.target.value)}
          error={errors.innerPackageId}
          maxLength={50}
          disabled={pending}
        />
        <TextField
          className="detail-form__wide"
          label="Product URL"
          type="url"
          placeholder="https://"
          value={values.productUrl}
          onChange={(event) => set('productUrl', event.target.value)}
          error={errors.productUrl}
          maxLength={500}
          disabled={pending}
        />
      </div>

      <PriceTiersEditor
        tiers={values.priceTiers}
        errors={errors}
        disabled={pending}
        onChange={(priceTiers, touched) => {
          setValues((current) => ({ ...current, priceTiers }));
          // Removing a row renumbers the ones below it, so their messages no longer line up.
          setErrors((current) =>
            Object.fromEntries(
              Object.entries(current).filter(([key]) =>
                touched === 'all' ? !key.startsWith('priceTiers') : key !== touched.field && key !== 'priceTiers',
              ),
            ),
          );
        }}
      />

      <fieldset className="detail-form__flags">
        <legend>Shop lists</legend>
        <label className="checkbox">
          <input type="checkbox" checked={values.bestseller} onChange={(event) => set('bestseller', event.target.checked)} disabled={pending} />
          Bestseller
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={values.featured} onChange={(event) => set('featured', event.target.checked)} disabled={pending} />
          Featured
        </label>
        {errors.bestseller !== undefined && <p className="field__error">{errors.bestseller}</p>}
        {errors.featured !== undefined && <p className="field__error">{errors.featured}</p>}
        <TextAreaField
          label="Featured text"
          rows={2}
          maxLength={500}
          value={values.featuredText}
          onChange={(event) => set('featuredText', event.target.value)}
          disabled={pending}
          error={errors.featuredText}
        />
      </fieldset>

      <fieldset className="detail-form__flags">
        <legend>Shipping</legend>
        <label className="checkbox">
          <input type="checkbox" checked={values.shipsOnDryIce} onChange={(event) => set('shipsOnDryIce', event.target.checked)} disabled={pending} />
          Ships on dry ice (orders holding it pay the cold-chain surcharge once)
        </label>
        {errors.shipsOnDryIce !== undefined && <p className="field__error">{errors.shipsOnDryIce}</p>}
      </fieldset>

      <div className="field">
        <span id={ids.contentsLabel} className="field__label">
          Contents
        </span>
        <RichTextEditor
          size="form"
          labelledBy={ids.contentsLabel}
          describedBy={errors.contents === undefined ? undefined : ids.contentsError}
          invalid={errors.contents !== undefined}
          value={values.contents}
          onChange={(html, byAdmin) => {
            if (!byAdmin) return setValues((current) => ({ ...current, contents: html }));
            setContentsEdited(true);
            set('contents', html);
          }}
        />
        {errors.contents !== undefined && (
          <p id={ids.contentsError} className="field__error">
            {errors.contents}
          </p>
        )}
      </div>

      <fieldset className="detail-form__files">
        <legend>Files</legend>
        <p className="field__hint">
          An image (JPG, PNG or GIF under 2 MB) is required; PDFs under 10 MB. The detail and its files are saved together, or not at all.
        </p>
        <div className="detail-form__grid">
          {fileFields.map(({ slot, label, kind }) => (
            <FileField
              key={slot}
              label={label}
              kind={kind}
              stored={detail?.files[slot] ?? null}
              chosen={chosenFiles[slot]}
              removing={removals.includes(slot)}
              error={fileErrors[slot]}
              disabled={pending}
              onChoose={(file) => chooseFile(slot, kind, file)}
              onRemoveStored={(removing) => toggleRemoval(slot, removing)}
            />
          ))}
        </div>
      </fieldset>

      <FormActions
        className="detail-form__actions"
        pending={pending}
        submitLabel={detail === null ? 'Add detail' : 'Update detail'}
        secondary={detail === null ? { label: 'Clear', onClick: clear } : { label: 'Cancel', onClick: onCancel }}
      />
    </form>
  );
}

const withVersion = (changes: EditDetailInput, version: number): EditDetailInput =>
  Object.keys(changes).length > 0 ? { ...changes, expectedVersion: version } : changes;
