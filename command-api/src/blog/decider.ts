import { DomainError } from '@labshop/contracts/domain-error';
import type { BlogEvent, BlogItemText } from '@labshop/contracts/content/blog-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';
import { emptyBlog, evolveBlog, type FoldedBlog } from '@labshop/contracts/content/fold-blog';

interface Row extends BlogItemText {
  itemId: string;
  expectedVersion: number;
}

/** Commands on the `blog` stream. Ids and package ids are made by the route and come in with the command. */
export type BlogCommand =
  | ({ type: 'AddBlogSection'; itemId: string; packageId: string } & BlogItemText)
  | ({ type: 'AddBlogItem'; itemId: string; sectionId: string; innerPackageSuffix: string } & BlogItemText)
  | { type: 'UpdateBlogItems'; items: Row[] }
  | { type: 'DeleteBlogItems'; items: { itemId: string; expectedVersion: number }[] };

/**
 * Every row named must exist and still be at the version the admin saw; otherwise the whole command
 * is refused (nothing partial): 404 when a row is gone, 409 naming the rows changed since.
 */
function checkRows(state: FoldedBlog, rows: readonly { itemId: string; expectedVersion: number }[]) {
  const ids = rows.map((row) => row.itemId);
  if (new Set(ids).size !== ids.length)
    throw new DomainError('invalid', 'A row is named twice', { items: 'A row is named twice' });
  const gone = ids.filter((id) => state.items[id] === undefined);
  if (gone.length > 0)
    throw new DomainError(
      'not_found',
      'Some of the selected rows no longer exist. Reload to see the current list.',
      undefined,
      { itemIds: gone },
    );
  const stale = rows.filter((row) => state.items[row.itemId]!.version !== row.expectedVersion).map((row) => row.itemId);
  if (stale.length > 0) {
    throw new DomainError(
      'conflict',
      'Someone else changed some of the selected rows after you opened them. Reload to see their changes; nothing was saved.',
      undefined,
      { itemIds: stale },
    );
  }
}

function decide(command: BlogCommand, state: FoldedBlog): BlogEvent[] {
  switch (command.type) {
    case 'AddBlogSection': {
      const { itemId, packageId, productName, description } = command;
      if (state.items[itemId]) throw new DomainError('conflict', 'This item was added already');
      if (Object.values(state.items).some((item) => item.packageId === packageId))
        throw new DomainError('conflict', `Package id ${packageId} is taken`);
      return [
        {
          type: 'BlogItemAdded',
          data: {
            itemId,
            sectionId: null,
            number: state.nextNumber,
            packageId,
            innerPackageId: null,
            productName,
            description,
          },
        },
      ];
    }
    case 'AddBlogItem': {
      const { itemId, sectionId, innerPackageSuffix, productName, description } = command;
      const section = state.items[sectionId];
      if (!section || section.sectionId !== null)
        throw new DomainError('not_found', 'This section no longer exists. Reload the list.');
      if (state.items[itemId]) throw new DomainError('conflict', 'This item was added already');
      return [
        {
          type: 'BlogItemAdded',
          data: {
            itemId,
            sectionId,
            number: state.nextNumber,
            packageId: section.packageId,
            innerPackageId: `${section.packageId}-${innerPackageSuffix}`,
            productName,
            description,
          },
        },
      ];
    }
    case 'UpdateBlogItems': {
      checkRows(state, command.items);
      const items = command.items.flatMap(({ itemId, productName, description }) => {
        const current = state.items[itemId]!;
        const changes: Partial<BlogItemText> = {
          ...(productName !== current.productName && { productName }),
          ...(description !== current.description && { description }),
        };
        return Object.keys(changes).length > 0 ? [{ itemId, changes }] : [];
      });
      return items.length > 0 ? [{ type: 'BlogItemsUpdated', data: { items } }] : [];
    }
    case 'DeleteBlogItems': {
      checkRows(state, command.items);
      const chosen = new Set(command.items.map((row) => row.itemId));
      // A section takes its inner items with it.
      const itemIds = Object.entries(state.items)
        .filter(([itemId, item]) => chosen.has(itemId) || (item.sectionId !== null && chosen.has(item.sectionId)))
        .map(([itemId]) => itemId);
      return [{ type: 'BlogItemsDeleted', data: { itemIds } }];
    }
    default:
      return exhaustive(command);
  }
}

export const blogDecider: Decider<FoldedBlog, BlogCommand, BlogEvent> = {
  initialState: emptyBlog,
  evolve: evolveBlog,
  decide,
};
