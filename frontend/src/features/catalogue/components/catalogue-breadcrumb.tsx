import { Breadcrumb, type Crumb } from '@/components/breadcrumb/breadcrumb.tsx';

/** The breadcrumb of a catalogue page: Home > Products, then the page's own trail down to itself. */
export function CatalogueBreadcrumb({ trail }: { trail: Crumb[] }) {
  return <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Products', to: '/products' }, ...trail]} />;
}
