import type { ReadStore } from '@labshop/shared/read-store/port';
import { fileSlots } from '@labshop/shared/events/catalogue';
import { catalogueDetails } from '@labshop/projectors';
import { createReadModels } from '../read-models.ts';

/**
 * Whether an uploaded file is still part of the catalogue: some detail holds it in one of its slots.
 * A file replaced or removed (or whose detail was deleted) stays on disk, since another detail may
 * hold the same bytes under the same content-addressed name, but is no longer served.
 */
export function servedContentFiles(readStore: ReadStore): (name: string) => Promise<boolean> {
  const readModels = createReadModels(readStore);
  return async (name) => {
    const details = await readModels.collection(catalogueDetails);
    if (!details) return false;
    for (const slot of fileSlots) {
      if ((await details.count({ where: { [`files.${slot}.name`]: name } })) > 0) return true;
    }
    return false;
  };
}
