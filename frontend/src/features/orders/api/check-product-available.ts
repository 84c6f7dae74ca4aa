import { ApiError, apiClient } from '@/lib/api-client.ts';

/** Whether the catalogue still offers a detail: hidden and deleted ones answer 404 (400 for an id that is none). */
export async function isProductAvailable(detailId: string): Promise<boolean> {
  try {
    await apiClient.get<unknown>(`/api/catalogue/details/${encodeURIComponent(detailId)}`);
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return false;
    throw error;
  }
}
