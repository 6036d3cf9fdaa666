import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, type I18nProvider } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { authProvider } from './authProvider/authProvider';
import { BrandContext } from './components/brand/BrandContext';
import type { BrandLook } from './components/brand/brand';
import { LoadingBar } from './components/LoadingBar';
import { lazyView } from './components/lazyView';
import { outsideLayout, page, rights } from './components/page';
import { DASHBOARD_PATH } from './custom-pages/dashboard/paths';
import { HELP_PATH } from './custom-pages/help/paths';
import { LoginPage } from './custom-pages/login/LoginPage';
import { LoginTokenPage } from './custom-pages/login/LoginTokenPage';
import { SsoReturnPage } from './custom-pages/login/SsoReturnPage';
import { AccessDeniedRedirect, NotFoundRedirect } from './custom-pages/NotFoundRedirect';
import { PROFILE_PATH } from './custom-pages/profile/paths';
import { VERIFY_PATH } from './custom-pages/verify/paths';
import { lazyDataProvider } from './dataProvider/lazyDataProvider';
import { loadSignedInMessages } from './i18n/i18nProvider';
import { createLaurelStore } from './layout/store';
import { darkTheme, lightTheme } from './layout/theme';
import { apiKeysRoutes } from './resources/api-keys';
import { badgeImagesRoutes } from './resources/badge-images';
import { campaignsRoutes } from './resources/campaigns';
import { certificatesRoutes } from './resources/certificates';
import { creditOperationsRoutes } from './resources/credit-operations';
import { orgUnitsRoutes } from './resources/org-units';
import { tagsRoutes } from './resources/tags';
import { templatesRoutes } from './resources/templates';
import { usersRoutes } from './resources/users';

const store = createLaurelStore();

// The pages with no resource, each in its own chunk, loaded when opened: the sign-in screen needs none of them.
// (Each area of src/resources/ declares its own resource and pages, lazy the same way, in its index.tsx.)
const HelpPage = lazyView(() => import('./custom-pages/help/HelpPage'), 'HelpPage');
const ProfilePage = lazyView(() => import('./custom-pages/profile/ProfilePage'), 'ProfilePage');
// The dashboard brings recharts: its own chunk too.
const DashboardPage = lazyView(() => import('./custom-pages/dashboard/DashboardPage'), 'DashboardPage');
// outside the layout: it brings the signed-in messages itself
const VerifyPage = lazyView(
  () => Promise.all([import('./custom-pages/verify/VerifyPage'), loadSignedInMessages()]).then(([m]) => m),
  'VerifyPage',
);

// The signed-in shell (header, menus, onboarding, help) and the signed-in screens' messages load after sign-in,
// together, before the shell renders: the sign-in screen needs neither.
const SignedInLayout = lazy(() =>
  Promise.all([import('./layout/Layout'), loadSignedInMessages()]).then(([module]) => ({ default: module.Layout })),
);

function Layout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingBar />}>
      <SignedInLayout>{children}</SignedInLayout>
    </Suspense>
  );
}

/**
 * A data router with one catch-all route where react-admin lays out its own routes: only a data router lets pages
 * block a navigation (react-router's useBlocker), as the badge image editor does with unsaved changes.
 */
export function App(props: { i18nProvider: I18nProvider; brand: BrandLook }) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <LaurelAdmin {...props} /> }]));
  return <RouterProvider router={router} />;
}

/** The table of contents: the business areas (each brings its resource and its pages), then the other pages. */
function LaurelAdmin({ i18nProvider, brand }: { i18nProvider: I18nProvider; brand: BrandLook }) {
  return (
    <BrandContext.Provider value={brand}>
      <Admin
        title={brand.name}
        dataProvider={lazyDataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        catchAll={NotFoundRedirect}
        accessDenied={AccessDeniedRedirect}
        theme={lightTheme(brand)}
        darkTheme={darkTheme(brand)}
        defaultTheme="light"
        disableTelemetry
        store={store}
      >
        {templatesRoutes}
        {usersRoutes}
        {orgUnitsRoutes}
        {apiKeysRoutes}
        {tagsRoutes}
        {campaignsRoutes}
        {certificatesRoutes}
        {badgeImagesRoutes}
        {creditOperationsRoutes}
        <CustomRoutes noLayout>
          <Route path="/login/sso" element={<SsoReturnPage />} />
          <Route path="/login/:token" element={<LoginTokenPage />} />
          <Route path={VERIFY_PATH} element={outsideLayout(<VerifyPage />)} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<Navigate to="/templates" replace />} />
          <Route path="/admin" element={page(<Navigate to="/admin/users" replace />, rights.admin)} />
          <Route path={DASHBOARD_PATH} element={page(<DashboardPage />)} />
          <Route path={HELP_PATH} element={page(<HelpPage />)} />
          <Route path={PROFILE_PATH} element={page(<Navigate to={`${PROFILE_PATH}/issuer`} replace />, rights.admin)} />
          <Route path={`${PROFILE_PATH}/:tab`} element={page(<ProfilePage />, rights.admin)} />
        </CustomRoutes>
      </Admin>
    </BrandContext.Provider>
  );
}
