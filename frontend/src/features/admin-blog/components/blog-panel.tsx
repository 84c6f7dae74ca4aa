import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { blogMessages } from '@labshop/contracts/content/blog-commands';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useDeleteBlogRows, useUpdateBlogRows } from '../api/blog-commands.ts';
import { useBlogPackage, useBlogSections, type BlogItem } from '../api/get-blog.ts';
import { BlogAddForm } from './blog-add-form.tsx';
import { BlogTable, type RowDraft } from './blog-table.tsx';
import './blog.css';

/** The blog section panel: the sections, or (with a package id) one section's inner items. */
export function BlogPanel({ packageId }: { packageId: string | null }) {
  return packageId === null ? <SectionsView /> : <PackageView key={packageId} packageId={packageId} />;
}

function SectionsView() {
  const sections = useBlogSections();
  if (sections.isPending) return <LoadingState>Loading sections…</LoadingState>;
  if (sections.isError)
    return (
      <ErrorState
        message="Could not load the sections."
        onRetry={() => void sections.refetch()}
        retrying={sections.isFetching}
      />
    );
  return <BlogRows heading="Sections" rows={sections.data} sectionId={null} />;
}

function PackageView({ packageId }: { packageId: string }) {
  const found = useBlogPackage(packageId);
  if (found.isPending) return <LoadingState>Loading items…</LoadingState>;
  if (found.isError) {
    return (
      <div>
        <ErrorState
          message="Could not load this section: it may have been deleted."
          onRetry={() => void found.refetch()}
          retrying={found.isFetching}
        />
        <Link to="/Blog">All sections</Link>
      </div>
    );
  }
  const { section, items } = found.data;
  return (
    <>
      <p className="blog-panel__crumbs">
        <Link to="/Blog">All sections</Link> › {section.productName}{' '}
        <span className="blog-table__package">({section.packageId})</span>
      </p>
      <BlogRows heading={`Items of ${section.productName}`} rows={items} sectionId={section.itemId} />
    </>
  );
}

interface BlogRowsProps {
  heading: string;
  rows: BlogItem[];
  /** null: the rows are sections. */
  sectionId: string | null;
}

/** The table with Home, Add, Update and Delete. */
function BlogRows({ heading, rows, sectionId }: BlogRowsProps) {
  const [drafts, setDrafts] = useState<ReadonlyMap<string, RowDraft>>(new Map());
  const [adding, setAdding] = useState(false);
  const update = useUpdateBlogRows();
  const remove = useDeleteBlogRows();
  const toast = useToast();
  const navigate = useNavigate();
  const busy = update.isPending || remove.isPending;
  const checkedRows = rows.filter((row) => drafts.has(row.itemId));

  const check = (row: BlogItem, checked: boolean) =>
    setDrafts((current) => {
      const next = new Map(current);
      if (checked)
        next.set(row.itemId, {
          productName: row.productName,
          description: row.description,
          expectedVersion: row.version,
        });
      else next.delete(row.itemId);
      return next;
    });

  const edit = (itemId: string, draft: RowDraft) => setDrafts((current) => new Map(current).set(itemId, draft));

  const saveChecked = () => {
    // The spec: Update with no checked rows does nothing.
    if (checkedRows.length === 0) return;
    const items = checkedRows.map((row) => ({ itemId: row.itemId, ...drafts.get(row.itemId)! }));
    update.mutate(
      { items },
      {
        onSuccess: () => {
          toast.success(blogMessages.inserted);
          setDrafts(new Map());
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const deleteChecked = () => {
    if (checkedRows.length === 0) return toast.error(blogMessages.noneSelectedForDeletion);
    if (!window.confirm(blogMessages.confirmDelete)) return;
    remove.mutate(
      {
        items: checkedRows.map((row) => ({
          itemId: row.itemId,
          expectedVersion: drafts.get(row.itemId)!.expectedVersion,
        })),
      },
      {
        onSuccess: () => {
          toast.success(`Deleted ${checkedRows.length} ${checkedRows.length === 1 ? 'item' : 'items'}.`);
          setDrafts(new Map());
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <section className="blog-panel" aria-label={heading}>
      <div className="blog-panel__actions" role="toolbar" aria-label="Blog actions">
        <button type="button" className="button button--secondary" onClick={() => void navigate('/')}>
          Home
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAdding(true)} disabled={adding}>
          Add
        </button>
        <button type="button" className="button button--primary" onClick={saveChecked} disabled={busy}>
          {update.isPending ? 'Updating…' : 'Update'}
        </button>
        <button type="button" className="button button--danger" onClick={deleteChecked} disabled={busy}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
      {adding && <BlogAddForm sectionId={sectionId} onClose={() => setAdding(false)} />}
      {rows.length === 0 ? (
        <EmptyState>
          {sectionId === null
            ? 'No sections yet: add the first with Add.'
            : 'No items in this section yet: add one with Add.'}
        </EmptyState>
      ) : (
        <BlogTable
          caption={heading}
          rows={rows}
          drafts={drafts}
          showInner={sectionId === null}
          disabled={busy}
          onCheck={check}
          onEdit={edit}
        />
      )}
    </section>
  );
}
