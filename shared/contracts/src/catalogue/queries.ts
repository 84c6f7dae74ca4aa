import { z } from 'zod';
import { pageParams, pagePosition } from '../paging.ts';

/**
 * Response shapes of the catalogue queries: the query API declares its routes with them, the frontend
 * derives its types from them (z.infer). A price arrives in cents and formatted (formatCents, money.ts), so every
 * surface prints it the same way.
 */

export const price = z.object({
  cents: z.number().int().describe('Selling price in cents: list × (1 − percentOff/100), rounded'),
  formatted: z.string(),
  listCents: z.number().int().describe('List price in cents: the struck-through original when percentOff > 0'),
  listFormatted: z.string(),
  percentOff: z.number().describe('The discount in percent; 0 = none'),
});

/** null → the default-product image. */
export const image = z.object({ url: z.string() }).nullable();
export const document = z.object({ url: z.string(), name: z.string(), size: z.number().int() }).nullable();

/** A detail as cards, tiles, related lists, home lists and search results show it. */
export const listedDetail = z.object({
  detailId: z.string(),
  productType: z.string(),
  subproductName: z.string(),
  image,
  price,
  inStock: z.boolean().describe('Stock of at least 1: every product card shows In Stock / Out of Stock'),
});

export const menuResponse = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      subproducts: z.array(z.object({ subproductId: z.string(), name: z.string() })),
    }),
  ),
});

export const overviewResponse = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      description: z.string(),
      subproducts: z.array(
        z.object({
          subproductId: z.string(),
          name: z.string(),
          details: z.array(z.object({ detailId: z.string(), productType: z.string() })),
        }),
      ),
    }),
  ),
});

export const mainProductResponse = z.object({
  productId: z.string(),
  name: z.string(),
  description: z.string(),
  subproducts: z.array(z.object({ subproductId: z.string(), name: z.string(), image, detailCount: z.number().int() })),
});

export const gridResponse = z.object({
  subproductId: z.string(),
  name: z.string(),
  product: z.object({ productId: z.string(), name: z.string() }),
  details: z.array(listedDetail),
});

export const productDetailResponse = z.object({
  detailId: z.string(),
  productType: z.string(),
  catalogNumber: z.string(),
  innerPackageId: z.string(),
  productUrl: z.string().nullable(),
  product: z.object({ productId: z.string(), name: z.string() }),
  subproduct: z.object({ subproductId: z.string(), name: z.string() }),
  quantity: z.number().int(),
  inStock: z.boolean(),
  price,
  priceTiers: z.array(
    z.object({
      packSize: z.string(),
      description: z.string().describe('Replaces the product type when set'),
      catalogNumber: z.string(),
      price,
    }),
  ),
  image,
  contents: z.string().describe('Sanitised HTML'),
  documents: z.object({ manual: document, flyer: document, technicalNotes: document }),
  shipsOnDryIce: z.boolean().describe('Ships on dry ice: an order holding it pays the cold-chain surcharge once'),
  related: z.array(listedDetail),
});

export const homeItem = listedDetail.extend({ featuredText: z.string() });
/** A best seller: pinned by staff (the detail's bestseller flag), or ranked by what it sold. */
export const bestSellerItem = homeItem.extend({
  pinned: z.boolean().describe('Pinned by staff: pinned details come first, in catalogue order'),
  unitsSold: z
    .number()
    .int()
    .describe('Units sold in the last 90 days (orders with a submitted purchase order, cancelled ones taken away)'),
});
export const homeResponse = z.object({
  featured: z.array(homeItem),
  bestSellers: z
    .array(bestSellerItem)
    .describe('Pinned details, then the top sellers of the last 90 days, most units first'),
});

export const searchText = z.object({
  q: z.string({ error: 'Search text is required' }).max(100, 'Search text must be at most 100 characters'),
});

export const suggestionsResponse = z.object({
  suggestions: z.array(
    z.object({
      detailId: z.string(),
      title: z.string(),
      catalogNumber: z
        .string()
        .nullable()
        .describe('The catalogue number the text matched (a pack size’s, say); null for a word match'),
    }),
  ),
});

export const searchSorts = ['relevance', 'price-asc', 'price-desc', 'name'] as const;
export const SEARCH_PAGE_SIZE = 24;

/** A whole number of cents from a query-string value. */
const centsParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`);

export const searchQuery = searchText.extend({
  category: z.string().max(100).optional().describe('A product (category) id: only details under it'),
  subproduct: z.string().max(100).optional().describe('A subproduct id: only its details'),
  inStock: z
    .enum(['true', 'false'], { error: 'inStock must be true or false' })
    .optional()
    .describe('true: only details in stock'),
  minCents: centsParam('The lowest price').optional().describe('Lowest selling price in cents, included'),
  maxCents: centsParam('The highest price').optional().describe('Highest selling price in cents, excluded'),
  sort: z.enum(searchSorts, { error: `Sort by one of ${searchSorts.join(', ')}` }).default('relevance'),
  ...pageParams({ maxPage: 1_000, maxPageSize: 100, defaultPageSize: SEARCH_PAGE_SIZE }),
});

export const searchResult = listedDetail.extend({
  title: z.string(),
  catalogNumber: z.string().nullable().describe('The catalogue number the text matched; null for a word match'),
});

/** A price band of the price facet: from `minCents` (included) to `maxCents` (excluded; null = no upper end). */
export const priceBand = z.object({
  minCents: z.number().int(),
  maxCents: z.number().int().nullable(),
  count: z.number().int(),
});

export const searchResponse = z.object({
  query: z.string(),
  results: z.array(searchResult).describe('The page asked for'),
  ...pagePosition,
  sort: z.enum(searchSorts),
  facets: z
    .object({
      categories: z.array(z.object({ productId: z.string(), name: z.string(), count: z.number().int() })),
      subproducts: z.array(
        z.object({ subproductId: z.string(), productId: z.string(), name: z.string(), count: z.number().int() }),
      ),
      inStock: z.number().int().describe('Matches in stock'),
      prices: z.array(priceBand),
    })
    .describe('Counts of the matches under each choice, with the other facets’ filters applied'),
  didYouMean: z
    .string()
    .nullable()
    .describe('A query close to this one that finds something, when this one finds nothing'),
});

export const catalogNumbersQuery = z.object({
  n: z
    .union([z.string(), z.array(z.string())], { error: 'Name at least one catalogue number' })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(
          z
            .string()
            .trim()
            .min(1, 'A catalogue number cannot be empty')
            .max(60, 'A catalogue number has at most 60 characters'),
        )
        .min(1)
        .max(100, 'At most 100 catalogue numbers at a time'),
    ),
});

export const catalogNumbersResponse = z.object({
  found: z.array(
    z.object({
      catalogNumber: z.string().describe('As asked'),
      detailId: z.string(),
      packSize: z
        .string()
        .nullable()
        .describe('The price tier the number belongs to; null for the detail’s own number'),
    }),
  ),
  unknown: z.array(z.string()).describe('Numbers no listed detail answers to, as asked'),
});

export const adminProductsResponse = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      visible: z.boolean(),
      displayOrder: z.number().int(),
      createdAt: z.string(),
      updatedAt: z.string(),
      version: z.number().int().describe('Send as expectedVersion when editing the product'),
    }),
  ),
});

export const adminDetailFile = z.object({
  name: z.string(),
  originalName: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/gif', 'application/pdf']),
  size: z.number().int(),
  url: z.string(),
});
const storedFile = adminDetailFile.nullable();

export const adminDetail = z.object({
  detailId: z.string(),
  subproductId: z.string(),
  productId: z.string(),
  visible: z.boolean(),
  displayOrder: z.number().int(),
  productType: z.string(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  addPercentage: z.number(),
  priceTiers: z.array(
    z.object({
      priceCents: z.number().int(),
      packSize: z.string(),
      description: z.string(),
      catalogNumber: z.string(),
    }),
  ),
  catalogNumber: z.string(),
  innerPackageId: z.string(),
  bestseller: z.boolean(),
  featured: z.boolean(),
  featuredText: z.string(),
  contents: z.string(),
  productUrl: z.string().nullable(),
  shipsOnDryIce: z
    .boolean()
    .optional()
    .describe('Ships on dry ice: orders holding it pay the cold-chain surcharge once (absent: false)'),
  files: z.object({ image: storedFile, manualPdf: storedFile, flyerPdf: storedFile, technicalNotesPdf: storedFile }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().describe('Send as expectedVersion when editing the detail'),
});

export const adminSubproduct = z.object({
  subproductId: z.string(),
  name: z.string(),
  visible: z.boolean(),
  displayOrder: z.number().int(),
  detailCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().describe('Send as expectedVersion when editing the subproduct'),
});

export const adminProductResponse = z.object({
  productId: z.string(),
  name: z.string(),
  visible: z.boolean(),
  displayOrder: z.number().int(),
  content: z.string().describe("The product content editor's sanitised HTML ('' when none)"),
  subproducts: z.array(adminSubproduct).describe('Hidden ones included, in display order'),
});

export const adminDetailsResponse = z.object({
  subproductId: z.string(),
  name: z.string(),
  visible: z.boolean(),
  productTypes: z
    .array(z.string())
    .describe("Distinct product types of this subproduct's details: the detail form's type choices"),
  details: z.array(adminDetail).describe('Hidden ones included, in display order'),
});

/** GET /api/catalogue/availability: the cart's and checkout's details, comma-separated (at most 100). */
export const availabilityQuery = z.strictObject({
  detailIds: z
    .string({ error: 'Detail ids are required' })
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(100, 'Detail id is too long'))
        .min(1, 'Detail ids are required')
        .max(100, 'At most 100 detail ids'),
    ),
});

/** Units each detail has available now (on hand less reserved); details not found are left out. */
export const availabilityResponse = z.object({
  details: z.array(z.object({ detailId: z.string(), available: z.number().int() })),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;
