import { useEffect, useRef, useState } from 'react';
import type { CreateDetailInput, EditDetailInput } from '@labshop/contracts/catalogue/details-commands';
import type { FileSlot } from '@labshop/contracts/catalogue/events';
import { FormActions } from '@/components/form-actions/form-actions.tsx';
import { TitledForm } from '@/components/titled-form/titled-form.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import type { SubproductRef } from '../../api/details-path.ts';
import type { AdminDetail } from '../../api/get-subproduct-details.ts';
import { useSaveDetail, type FileChanges, type SaveDetailInput } from '../../api/save-detail.ts';
import { changedDetailFields, emptyDetailForm } from '../../detail-form-values.ts';
import { failureMessage } from '../failure-message.ts';
import { PriceTiersEditor } from '../price-tiers-editor.tsx';
import { DetailContentsField } from './detail-contents-field.tsx';
import { DetailFilesFieldset } from './detail-files-fieldset.tsx';
import { DetailFlags } from './detail-flags.tsx';
import { DetailTextFields } from './detail-text-fields.tsx';
import { useDetailFiles } from './use-detail-files.ts';
import { useDetailForm } from './use-detail-form.ts';

interface DetailFormProps {
  subproductRef: SubproductRef;
  /** null: add a new detail. */
  detail: AdminDetail | null;
  /** The subproduct's existing product types, offered as choices. */
  productTypes: string[];
  onSaved: () => void;
  onCancel: () => void;
}

const INCOMPLETE = 'Please fill all required fields correctly';

/** Add or edit one detail: every field, the price tiers, the rich-text contents and the four files. */
export function DetailForm({ subproductRef, detail, productTypes, onSaved, onCancel }: DetailFormProps) {
  const detailForm = useDetailForm(detail);
  const { form, formRef, field, errorOf, messages, formError, setFormError, refuse, onSubmit, submitting } = detailForm;
  const files = useDetailFiles(detail === null);
  const [contentsEdited, setContentsEdited] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const save = useSaveDetail();
  const toast = useToast();

  // Opening a detail for editing moves the admin (and focus) to the form.
  useEffect(() => {
    if (detail === null) return;
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  }, [detail]);

  const clear = () => {
    form.reset(emptyDetailForm());
    setContentsEdited(false);
    files.clear();
    setFormError(null);
  };

  const submit = onSubmit(
    async (fields) => {
      if (!files.checkImage()) return refuse(null, INCOMPLETE);
      try {
        await save.mutateAsync(saveInputOf(subproductRef, detail, fields, contentsEdited, files.changes()));
        toast.success(`Detail “${fields.productType}” ${detail === null ? 'added' : 'updated'}.`);
        onSaved();
      } catch (error) {
        const message = failureMessage(detail === null ? 'Error adding detail' : 'Error updating detail', error);
        toast.error(message);
        refuse(error, message);
      }
    },
    () => {
      files.checkImage();
      setFormError(INCOMPLETE);
    },
  );

  return (
    <TitledForm
      ref={formRef}
      className="detail-form"
      title={detail === null ? 'Add detail' : `Edit detail: ${detail.productType}`}
      level={3}
      titleRef={headingRef}
      formError={formError}
      onSubmit={submit}
    >
      <DetailTextFields field={field} productTypes={productTypes} disabled={submitting} />
      <PriceTiersEditor
        tiers={form.watch('priceTiers')}
        errors={messages}
        disabled={submitting}
        onChange={(priceTiers, touched) => {
          form.setValue('priceTiers', priceTiers, { shouldDirty: true });
          // Removing a row renumbers the ones below it, so their messages no longer line up.
          form.clearErrors(touched === 'all' ? 'priceTiers' : (touched.field as 'priceTiers'));
          setFormError(null);
        }}
      />
      <DetailFlags field={field} errorOf={errorOf} disabled={submitting} />
      <DetailContentsField detailForm={detailForm} onEdited={() => setContentsEdited(true)} />
      <DetailFilesFieldset
        files={files}
        detail={detail}
        serverError={errorOf}
        onSlotChanged={(slot: FileSlot) => form.clearErrors(slot as never)}
        disabled={submitting}
      />
      <FormActions
        className="detail-form__actions"
        pending={submitting}
        submitLabel={detail === null ? 'Add detail' : 'Update detail'}
        secondary={detail === null ? { label: 'Clear', onClick: clear } : { label: 'Cancel', onClick: onCancel }}
      />
    </TitledForm>
  );
}

/** The save: a new detail's fields, or an edit's changed fields on the version this form was opened on. */
function saveInputOf(
  subproductRef: SubproductRef,
  detail: AdminDetail | null,
  fields: CreateDetailInput,
  contentsEdited: boolean,
  files: FileChanges,
): SaveDetailInput {
  if (detail === null) return { ...subproductRef, ...files, mode: 'add', fields };
  // A change someone saved since the form opened is refused (409) instead of overwritten.
  const changes = changedDetailFields(detail, fields, contentsEdited);
  return {
    ...subproductRef,
    ...files,
    mode: 'edit',
    detailId: detail.detailId,
    changes: withVersion(changes, detail.version),
  };
}

const withVersion = (changes: EditDetailInput, version: number): EditDetailInput =>
  Object.keys(changes).length > 0 ? { ...changes, expectedVersion: version } : changes;
