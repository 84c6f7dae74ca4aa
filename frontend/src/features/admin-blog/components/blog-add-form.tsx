import { useId } from 'react';
import { addBlogItemInput, blogMessages, type AddBlogItemInput } from '@labshop/contracts/content/blog-commands';
import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useAddBlogRow } from '../api/blog-commands.ts';

interface BlogAddFormProps {
  /** null: a new section; otherwise an inner item of this section. */
  sectionId: string | null;
  onClose: () => void;
}

/** The Add form: title and description, Submit and Cancel. */
export function BlogAddForm({ sectionId, onClose }: BlogAddFormProps) {
  const { field, refuse, onSubmit, submitting } = useCommandForm<AddBlogItemInput>({
    schema: addBlogItemInput,
    defaultValues: { productName: '', description: '' },
    reValidateMode: 'onSubmit',
  });
  const add = useAddBlogRow();
  const toast = useToast();
  const headingId = useId();

  const submit = onSubmit(async (item) => {
    try {
      await add.mutateAsync({ sectionId, ...item });
      toast.success(blogMessages.inserted);
      onClose();
    } catch (error) {
      // The server's field messages go next to their fields; its message is the toast.
      refuse(error, null);
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form className="blog-add" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>{sectionId === null ? 'Add section' : 'Add item'}</h2>
      <TextField label="Title" required autoFocus maxLength={100} {...field('productName')} disabled={submitting} />
      <TextAreaField label="Description" rows={4} maxLength={2000} {...field('description')} disabled={submitting} />
      <div className="blog-add__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Submitting…' : 'Submit'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
