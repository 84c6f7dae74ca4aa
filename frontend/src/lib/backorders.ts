import { useQuery } from '@tanstack/react-query';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import type { AvailabilityResponse } from '@labshop/contracts/catalogue/queries';
import { allocateLines } from '@labshop/contracts/stock/fold-stock';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

interface StockLine {
  detailId: string;
  packSize: string | null;
  quantity: number;
}

/**
 * Units on backorder per line of a cart or an unpaid order, from what each detail has available now (lines of one
 * detail share it, earlier lines first, as the reservation at payment will). Empty while loading or unreachable:
 * the cart never waits on it.
 */
export function useBackorders(lines: readonly StockLine[]): Map<string, number> {
  const detailIds = [...new Set(lines.map((line) => line.detailId))].sort();
  const availability = useQuery({
    queryKey: [...queryKeys.catalogue, 'availability', detailIds],
    queryFn: ({ signal }) =>
      apiClient.get<AvailabilityResponse>(
        `/api/catalogue/availability?${new URLSearchParams({ detailIds: detailIds.join(',') }).toString()}`,
        { signal },
      ),
    enabled: detailIds.length > 0,
  });
  const backorders = new Map<string, number>();
  if (!availability.data) return backorders;
  const available = new Map(availability.data.details.map(({ detailId, available: units }) => [detailId, units]));
  allocateLines(
    lines.filter((line) => available.has(line.detailId)),
    available,
  ).forEach((allocation) => backorders.set(cartLineKey(allocation), allocation.backordered));
  return backorders;
}

export const backorderedOf = (
  backorders: ReadonlyMap<string, number>,
  line: Pick<StockLine, 'detailId' | 'packSize'>,
) => backorders.get(cartLineKey(line)) ?? 0;
