import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { blogPackageResponse, blogSectionsResponse } from '@labshop/contracts/content/blog-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type BlogItem = z.infer<typeof blogSectionsResponse>['sections'][number];
export type BlogPackage = z.infer<typeof blogPackageResponse>;

export const blogSectionsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.adminBlog, 'sections'],
    queryFn: async ({ signal }) =>
      (await apiClient.get<z.infer<typeof blogSectionsResponse>>('/api/admin/blog/sections', { signal })).sections,
  });

export const blogPackageQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: queryKeys.adminBlogPackage(packageId),
    queryFn: ({ signal }) =>
      apiClient.get<BlogPackage>(`/api/admin/blog/packages/${encodeURIComponent(packageId)}`, { signal }),
  });

export const useBlogSections = () => useQuery(blogSectionsQueryOptions());
export const useBlogPackage = (packageId: string) => useQuery(blogPackageQueryOptions(packageId));
