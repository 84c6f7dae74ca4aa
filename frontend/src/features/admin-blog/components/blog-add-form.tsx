import { useId, useState, type FormEvent } from 'react';
import { addBlogItemInput, blogMessages } from '@labshop/shared/commands/blog';
import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAddBlogRow } from '../api/blog-commands.ts';

interface BlogAddFormProps {
  /** null: a new section; otherwise an inner item of this section. */
  sectionId: string | null;
  onClose: () => void;
}

/** The Add form: title and description, Submit and Cancel. */
export function BlogAddForm({ sectionId, onClose }: BlogAddFormProps) {
  const [productName, setProductName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddBlogRow();
  const toast = useToast();
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = addBlogItemInput.safeParse({ productName, description });
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
    add.mutate(
      { sectionId, ...checked.data },
      {
        onSuccess: () => {
          toast.success(blogMessages.inserted);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <form className="blog-add" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>{sectionId === null ? 'Add section' : 'Add item'}</h2>
      <TextField label="Title" required autoFocus maxLength={100} value={productName} onChange={(e) => setProductName(e.target.value)} error={errors.productName} disabled={add.isPending} />
      <TextAreaField
        label="Description"
        rows={4}
        maxLength={2000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        disabled={add.isPending}
      />
      <div className="blog-add__actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? 'Submitting…' : 'Submit'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose} disabled={add.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
