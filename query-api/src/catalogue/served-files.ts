import type { ReadStore } from '@labshop/platform/read-store/port';
import { fileSlots } from '@labshop/contracts/catalogue/events';
import { catalogueDetailsReadModel } from '@labshop/contracts/catalogue/read-models';
import { uploadedProductsReadModel } from '@labshop/contracts/catalogue/uploads-queries';
import { createReadModels } from '../read-models.ts';

/**
 * Whether an uploaded file is still part of the catalogue: some detail holds it in one of its slots,
 * or a product of the admin upload list holds it as its image.
 * A file replaced or removed (or whose detail was deleted) stays on disk, since another detail may
 * hold the same bytes under the same content-addressed name, but is no longer served.
 */
export function servedContentFiles(readStore: ReadStore): (name: string) => Promise<boolean> {
  const readModels = createReadModels(readStore);
  return async (name) => {
    const details = await readModels.collection(catalogueDetailsReadModel);
    for (const slot of fileSlots) {
      if (details && (await details.count({ where: { [`files.${slot}.name`]: name } })) > 0) return true;
    }
    const uploaded = await readModels.collection(uploadedProductsReadModel);
    return uploaded !== null && (await uploaded.count({ where: { 'image.name': name } })) > 0;
  };
}
