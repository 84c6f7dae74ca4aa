import { describe, expect, it } from 'vitest';
import { serviceCategoryLinks, serviceHref } from './service-links.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('service links', () => {
  it('puts the category slug and the id in the address, escaped', () => {
    expect(serviceHref({ serviceId: A, categorySlug: 'cell-line-authentication' })).toBe(
      `/service/cell-line-authentication/${A}`,
    );
    expect(serviceHref({ serviceId: A, categorySlug: 'r&d/assays' })).toBe(`/service/r%26d%2Fassays/${A}`);
  });

  it('names each category once, linking to its first service in list order', () => {
    const services = [
      { serviceId: A, category: 'Plasmid Production', categorySlug: 'plasmid-production' },
      { serviceId: B, category: 'Lentivirus', categorySlug: 'lentivirus' },
      { serviceId: C, category: 'plasmid production', categorySlug: 'plasmid-production' },
    ];
    expect(serviceCategoryLinks(services)).toEqual([
      { category: 'Plasmid Production', href: `/service/plasmid-production/${A}` },
      { category: 'Lentivirus', href: `/service/lentivirus/${B}` },
    ]);
  });
});
