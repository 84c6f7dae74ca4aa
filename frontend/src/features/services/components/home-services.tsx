import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useActiveServices } from '../api/get-active-services.ts';
import { serviceCategoryLinks } from '../service-links.ts';
import './services.css';

/**
 * The home page's list of custom research services, each category once. While loading, and when there
 * is no active service, it takes no room; a failed load is only logged (the spec: 'Error loading services').
 */
export function HomeServices() {
  const { data: services, error } = useActiveServices();

  useEffect(() => {
    if (error !== null) console.error('Error loading services', error);
  }, [error]);

  if (services === undefined || services.length === 0) return null;
  return (
    <section className="container home-services" aria-labelledby="home-services-heading">
      <div className="home-services__header">
        <h2 id="home-services-heading">Custom research services</h2>
        <Link to="/services">All Services</Link>
      </div>
      <ul className="home-services__list" aria-label="Custom research services">
        {serviceCategoryLinks(services).map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="home-services__link">
              {link.category}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
