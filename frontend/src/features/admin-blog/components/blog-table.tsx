import { Link } from 'react-router-dom';
import type { BlogItem } from '../api/get-blog.ts';

/** A checked row's edits; only checked rows can be edited, and Update sends exactly those. */
export interface RowDraft {
  productName: string;
  description: string;
  /** The row's version when it was checked: a change saved by someone else since refuses the update (409). */
  expectedVersion: number;
}

interface BlogTableProps {
  caption: string;
  rows: BlogItem[];
  drafts: ReadonlyMap<string, RowDraft>;
  /** Sections drill into their inner items; inner items have nowhere to go. */
  showInner: boolean;
  disabled: boolean;
  onCheck: (row: BlogItem, checked: boolean) => void;
  onEdit: (itemId: string, draft: RowDraft) => void;
}

/** Id, product name and description of each row; checking a row turns its cells into inputs. */
export function BlogTable({ caption, rows, drafts, showInner, disabled, onCheck, onEdit }: BlogTableProps) {
  return (
    <div className="blog-table__scroller">
      <table className="blog-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col">Id</th>
            <th scope="col">Product name</th>
            <th scope="col">Description</th>
            <th scope="col">{showInner ? 'Package id' : 'Inner package id'}</th>
            {showInner && (
              <th scope="col">
                <span className="visually-hidden">Inner items</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const draft = drafts.get(row.itemId);
            return (
              <tr key={row.itemId} className={draft ? 'blog-table__row--checked' : undefined}>
                <td>
                  <input
                    type="checkbox"
                    checked={draft !== undefined}
                    onChange={(event) => onCheck(row, event.target.checked)}
                    aria-label={`Select ${row.productName}`}
                    disabled={disabled}
                  />
                </td>
                <td>{row.number}</td>
                <td>
                  {draft ? (
                    <input
                      className="field__input"
                      aria-label={`Product name of row ${row.number}`}
                      maxLength={100}
                      value={draft.productName}
                      onChange={(event) => onEdit(row.itemId, { ...draft, productName: event.target.value })}
                      disabled={disabled}
                    />
                  ) : (
                    row.productName
                  )}
                </td>
                <td>
                  {draft ? (
                    <textarea
                      className="field__input"
                      aria-label={`Description of row ${row.number}`}
                      rows={2}
                      maxLength={2000}
                      value={draft.description}
                      onChange={(event) => onEdit(row.itemId, { ...draft, description: event.target.value })}
                      disabled={disabled}
                    />
                  ) : (
                    row.description
                  )}
                </td>
                <td className="blog-table__package">{showInner ? row.packageId : row.innerPackageId}</td>
                {showInner && (
                  <td>
                    <Link
                      className="button button--secondary button--small"
                      to={`/Blog?packageId=${encodeURIComponent(row.packageId)}`}
                      aria-label={`Show the items of ${row.productName}`}
                    >
                      Show
                    </Link>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
