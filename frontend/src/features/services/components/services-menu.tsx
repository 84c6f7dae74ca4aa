import { LinkMenu } from '@/components/disclosure-menu/link-menu.tsx';
import { useActiveServices } from '../api/get-active-services.ts';
import { serviceCategoryLinks } from '../service-links.ts';

/**
 * The header's Services drop-down: each category once and All Services. It is its own list item, and
 * there is none while no service is active (or the list cannot be had): the spec shows the menu only
 * when a service exists.
 */
export function ServicesMenu() {
  const { data: services } = useActiveServices();
  if (services === undefined || services.length === 0) return null;
  const categoryLinks = serviceCategoryLinks(services).map((link) => ({ to: link.href, label: link.category }));
  return (
    <li>
      <LinkMenu label="Services" links={categoryLinks} allLink={{ to: '/services', label: 'All Services' }} />
    </li>
  );
}
