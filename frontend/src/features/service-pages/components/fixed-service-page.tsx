import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { fixedServiceHref } from '@/lib/service-page-links.ts';
import { fixedServices, type FixedService } from '../fixed-services.ts';
import './service-pages.css';

interface FixedServicePageProps {
  service: FixedService;
  /** The side inquiry form, preselected to this service; supplied by the route (it belongs to the inquiries feature). */
  inquiryForm: ReactNode;
}

function Section({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="fixed-service-page__section" aria-labelledby={`section-${title}`}>
      <h2 id={`section-${title}`}>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** One of the five fixed service pages: what we do, what you get, what to send, how we check it, and the inquiry form beside it. */
export function FixedServicePage({ service, inquiryForm }: FixedServicePageProps) {
  usePageTitle(service.name);
  const others = fixedServices.filter((other) => other.path !== service.path);
  return (
    <div className="container page">
      <Breadcrumb
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Services', to: '/services' }, { label: service.name }]}
      />
      <div className="page-with-aside fixed-service-page">
        <article className="fixed-service-page__content">
          <header className="page__header">
            <h1>{service.name}</h1>
            <p className="page__lead">{service.lead}</p>
          </header>
          <p className="fixed-service-page__turnaround">
            <strong>Turnaround:</strong> {service.turnaround}
          </p>
          {service.overview.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Section title="Deliverables" items={service.deliverables} />
          <Section title="Sample requirements" items={service.sampleRequirements} />
          <Section title="Quality control" items={service.qualityControl} />
          {service.download && (
            <section
              className="fixed-service-page__section fixed-service-page__download"
              aria-labelledby="section-download"
            >
              <h2 id="section-download">Sample data sheet</h2>
              <p>{service.download.description}</p>
              <a className="button button--secondary" href={service.download.href} download>
                {service.download.label}
              </a>
            </section>
          )}
          <p className="fixed-service-page__note">
            Prices depend on scale and options: send an inquiry for a quote. All services are for research use only. See
            our <Link to="/terms-of-sales">Terms of Sales</Link>.
          </p>
          <nav className="fixed-service-page__others" aria-label="Other services">
            <h2>Other services</h2>
            <ul>
              {others.map((other) => (
                <li key={other.path}>
                  <Link to={fixedServiceHref(other.path)}>{other.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </article>
        <aside className="fixed-service-page__aside" aria-label={`Inquire about ${service.name}`}>
          {inquiryForm}
        </aside>
      </div>
    </div>
  );
}
