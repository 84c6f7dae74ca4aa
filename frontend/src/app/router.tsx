import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { customerRoutes } from './routes/account/routes.tsx';
import { CartRoute } from './routes/cart.tsx';
import { checkoutRoutes } from './routes/checkout/routes.tsx';
import { HomeRoute } from './routes/home.tsx';
import { MainProductRoute } from './routes/main-product.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ProductRoute } from './routes/product.tsx';
import { ProductsRoute } from './routes/products.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SearchRoute } from './routes/search.tsx';
import { ServiceRoute } from './routes/service.tsx';
import { ServicesRoute } from './routes/services.tsx';
import { SubproductRoute } from './routes/subproduct.tsx';
import { companyRoutes } from './routes/company.tsx';
import { fixedServiceRoutes } from './routes/service-pages.tsx';

// The back office is loaded on demand, so shoppers never download it. A page opened directly at a route loaded on
// demand (account, checkout) shows the site's header and footer while its code arrives, not a blank page. The
// back office (its sign-in page aside) renders in its own shell.
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'products', element: <ProductsRoute /> },
      { path: 'product', element: <ProductRoute /> },
      { path: 'show-main-product/:slug/:id', element: <MainProductRoute /> },
      { path: 'search', element: <SearchRoute /> },
      { path: 'cartaction/show', element: <CartRoute /> },
      { path: 'services', element: <ServicesRoute /> },
      { path: 'service/:category/:id', element: <ServiceRoute /> },
      ...customerRoutes,
      ...checkoutRoutes,
      ...companyRoutes,
      ...fixedServiceRoutes,
      {
        path: 'admin/login',
        lazy: () => import('./routes/admin/login.tsx').then(({ AdminLoginRoute }) => ({ Component: AdminLoginRoute })),
      },
      // Ranked below every static path; a second segment that is no catalogue id is not found.
      { path: ':slug/:id', element: <SubproductRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    // The back office's own shell (sidebar, member, breadcrumbs), without the storefront's header, search and footer.
    lazy: () => import('./routes/admin/admin-layout.tsx').then(({ AdminLayout }) => ({ Component: AdminLayout })),
    errorElement: <RouteError />,
    children: [
      {
        path: 'admin',
        lazy: () =>
          import('./routes/admin/dashboard.tsx').then(({ AdminDashboardRoute }) => ({
            Component: AdminDashboardRoute,
          })),
      },
      {
        path: 'admin/catalogue',
        lazy: () =>
          import('./routes/admin/catalogue.tsx').then(({ AdminCatalogueRoute }) => ({
            Component: AdminCatalogueRoute,
          })),
      },
      {
        path: 'admin/orders',
        lazy: () =>
          import('./routes/admin/orders.tsx').then(({ AdminOrdersRoute }) => ({ Component: AdminOrdersRoute })),
      },
      {
        path: 'admin/orders/:orderId',
        lazy: () => import('./routes/admin/order.tsx').then(({ AdminOrderRoute }) => ({ Component: AdminOrderRoute })),
      },
      {
        path: 'admin/audit',
        lazy: () => import('./routes/admin/audit.tsx').then(({ AdminAuditRoute }) => ({ Component: AdminAuditRoute })),
      },
      {
        path: 'admin/productupload',
        lazy: () =>
          import('./routes/admin/product-upload.tsx').then(({ AdminProductUploadRoute }) => ({
            Component: AdminProductUploadRoute,
          })),
      },
      {
        path: 'Blog',
        lazy: () => import('./routes/admin/blog.tsx').then(({ AdminBlogRoute }) => ({ Component: AdminBlogRoute })),
      },
      {
        path: 'admin/finance',
        lazy: () =>
          import('./routes/admin/finance.tsx').then(({ AdminFinanceRoute }) => ({ Component: AdminFinanceRoute })),
      },
      {
        path: 'admin/servicesupload',
        lazy: () =>
          import('./routes/admin/services.tsx').then(({ AdminServicesRoute }) => ({ Component: AdminServicesRoute })),
      },
      {
        path: 'product-content',
        lazy: () =>
          import('./routes/admin/product-content.tsx').then(({ ProductContentRoute }) => ({
            Component: ProductContentRoute,
          })),
      },
      {
        path: 'admin/inbox',
        lazy: () => import('./routes/admin/inbox.tsx').then(({ AdminInboxRoute }) => ({ Component: AdminInboxRoute })),
      },
      {
        path: 'admin/tax-exemptions',
        lazy: () =>
          import('./routes/admin/tax-exemptions.tsx').then(({ AdminTaxExemptionsRoute }) => ({
            Component: AdminTaxExemptionsRoute,
          })),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
