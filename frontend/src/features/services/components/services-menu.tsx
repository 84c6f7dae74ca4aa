import { Link } from 'react-router-dom';
import { DisclosureMenu } from '@/components/disclosure-menu/disclosure-menu.tsx';
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
  return (
    <li>
      <DisclosureMenu label="Services">
        <ul aria-label="Services">
          {serviceCategoryLinks(services).map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.category}</Link>
            </li>
          ))}
          <li className="disclosure-menu__separator" aria-hidden="true" />
          <li>
            <Link to="/services" className="services-menu__all">
              All Services
            </Link>
          </li>
        </ul>
      </DisclosureMenu>
    </li>
  );
}
