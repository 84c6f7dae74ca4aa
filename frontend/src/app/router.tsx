import { createBrowserRouter, Navigate } from 'react-router-dom';
import { HomeRoute } from './routes/home.tsx';
import { ProductsRoute } from './routes/products.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

// The back office is loaded on demand, so shoppers never download it.
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomeRoute /> },
        { path: 'products', element: <ProductsRoute /> },
        {
          path: 'admin/login',
          lazy: () => import('./routes/admin/login.tsx').then(({ AdminLoginRoute }) => ({ Component: AdminLoginRoute })),
        },
        {
          path: 'admin/catalogue',
          lazy: () => import('./routes/admin/catalogue.tsx').then(({ AdminCatalogueRoute }) => ({ Component: AdminCatalogueRoute })),
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
