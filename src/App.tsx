import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Admin, Authenticated, CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '../domain/auth';
import { authProvider } from './authProvider/authProvider';
import { LoadingBar } from './components/LoadingBar';
import { RequireAccess } from './components/RequireAccess';
import { BADGE_EDITOR_PATH, canUseEditor, REGISTRY_EDITOR_PATH } from './resources/templates/badge-editor/editorPaths';
import { DASHBOARD_PATH } from './custom-pages/dashboard/paths';
import { EMAIL_PATH } from './resources/certificates/email/paths';
import { HELP_PATH } from './custom-pages/help/paths';
import { LoginPage } from './custom-pages/login/LoginPage';
import { LoginTokenPage } from './custom-pages/login/LoginTokenPage';
import { MY_PLAN_PATH } from './resources/credit-operations/my-plan/paths';
import { SsoReturnPage } from './custom-pages/login/SsoReturnPage';
import { AccessDeniedRedirect, NotFoundRedirect } from './custom-pages/NotFoundRedirect';
import { NOTIFICATIONS_PATH } from './resources/api-keys/notifications/paths';
import { PROFILE_PATH } from './custom-pages/profile/paths';
import { PUBLICATION_PATH } from './resources/templates/publication/paths';
import { REFTABLE_PATH } from './resources/templates/reftable/paths';
import { SECURITY_PATH } from './resources/users/security/paths';
import { VERIFY_PATH } from './custom-pages/verify/paths';
import { NFT_CLAIM_PATH } from '../domain/nftClaims';
import { lazyDataProvider } from './dataProvider/lazyDataProvider';
import { loadSignedInMessages } from './i18n/i18nProvider';
import { BrandContext } from './components/brand/BrandContext';
import type { BrandLook } from './components/brand/brand';
import { createLaurelStore } from './layout/store';
import { rights } from './layout/navigation';
import { darkTheme, lightTheme } from './layout/theme';
import { campaigns } from './resources/campaigns';
import { creditOperations } from './resources/credit-operations';
import { certificates, REPORT_ROUTES, ReportPage, SEARCH_PATH, SearchPage } from './resources/certificates';
import { apiKeys } from './resources/api-keys';
import { orgUnits } from './resources/org-units';
import { tags } from './resources/tags';
import { templates } from './resources/templates';
import { users } from './resources/users';
import {
  BADGE_IMAGE_EDITOR_PATH,
  BADGE_IMAGE_LIBRARY_PATH,
  BadgeImageEditor,
  BadgeImageLibrary,
  badgeImages,
} from './resources/badge-images';

const store = createLaurelStore();

// Every custom page has its own chunk, loaded when opened: the sign-in screen needs none of them.
const EmailPage = lazy(() =>
  import('./resources/certificates/email/EmailPage').then((m) => ({ default: m.EmailPage })),
);
const HelpPage = lazy(() => import('./custom-pages/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const MyPlanPage = lazy(() =>
  import('./resources/credit-operations/my-plan/MyPlanPage').then((m) => ({ default: m.MyPlanPage })),
);
const NotificationsPage = lazy(() =>
  import('./resources/api-keys/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const ProfilePage = lazy(() => import('./custom-pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const PublicationPage = lazy(() =>
  import('./resources/templates/publication/PublicationPage').then((m) => ({ default: m.PublicationPage })),
);
const ReferenceTablePage = lazy(() =>
  import('./resources/templates/reftable/ReferenceTablePage').then((m) => ({ default: m.ReferenceTablePage })),
);
const SecurityPage = lazy(() =>
  import('./resources/users/security/SecurityPage').then((m) => ({ default: m.SecurityPage })),
);
// outside the layout: it brings the signed-in messages itself
const VerifyPage = lazy(() =>
  Promise.all([import('./custom-pages/verify/VerifyPage'), loadSignedInMessages()]).then(([m]) => ({
    default: m.VerifyPage,
  })),
);
// outside the layout too: the public claim page of an NFT certificate
const NftClaimPage = lazy(() =>
  Promise.all([import('./resources/certificates/nft-claim/NftClaimPage'), loadSignedInMessages()]).then(([m]) => ({
    default: m.NftClaimPage,
  })),
);
// The template editors are heavy (design editor, live preview): their own chunks, loaded when opened.
const BadgeEditorPage = lazy(() =>
  import('./resources/templates/badge-editor/BadgeEditorPage').then((m) => ({ default: m.BadgeEditorPage })),
);
const RegistryEditorPage = lazy(() =>
  import('./resources/templates/registry-editor/RegistryEditorPage').then((m) => ({ default: m.RegistryEditorPage })),
);
// The dashboard brings recharts: its own chunk too.
const DashboardPage = lazy(() =>
  import('./custom-pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
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

/** A custom page for signed-in users; `allowed` adds the route guard of spec 000 section 2.2. */
function page(element: ReactNode, allowed?: (user: CurrentUser) => boolean) {
  return (
    <Authenticated>{allowed ? <RequireAccess allowed={allowed}>{element}</RequireAccess> : element}</Authenticated>
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

function LaurelAdmin({ i18nProvider, brand }: { i18nProvider: I18nProvider; brand: BrandLook }) {
  return (
    <BrandContext.Provider value={brand}>
      <>
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
          <Resource name="templates" {...templates} />
          <Resource name="admin/users" {...users} />
          <Resource name="admin/org-units" {...orgUnits} />
          <Resource name="admin/api-keys" {...apiKeys} />
          <Resource name="template-tags" {...tags} />
          <Resource name="campaigns" {...campaigns} />
          <Resource name="certificates" {...certificates} />
          <Resource name="badge-images" {...badgeImages} />
          <Resource name="credit-operations" {...creditOperations} />
          <CustomRoutes noLayout>
            <Route path="/login/sso" element={<SsoReturnPage />} />
            <Route path="/login/:token" element={<LoginTokenPage />} />
            <Route
              path={VERIFY_PATH}
              element={
                // outside the layout, so outside its Suspense
                <Suspense fallback={<LoadingBar />}>
                  <VerifyPage />
                </Suspense>
              }
            />
            <Route
              path={NFT_CLAIM_PATH}
              element={
                <Suspense fallback={<LoadingBar />}>
                  <NftClaimPage />
                </Suspense>
              }
            />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/" element={<Navigate to="/templates" replace />} />
            <Route path={SECURITY_PATH} element={page(<SecurityPage />)} />
            <Route path={HELP_PATH} element={page(<HelpPage />)} />
            <Route path={MY_PLAN_PATH} element={page(<MyPlanPage />)} />
            <Route path="/admin" element={page(<Navigate to="/admin/users" replace />, rights.admin)} />
            <Route
              path={PROFILE_PATH}
              element={page(<Navigate to={`${PROFILE_PATH}/issuer`} replace />, rights.admin)}
            />
            <Route path={`${PROFILE_PATH}/:tab`} element={page(<ProfilePage />, rights.admin)} />
            <Route path={NOTIFICATIONS_PATH} element={page(<NotificationsPage />, rights.admin)} />
            <Route path={PUBLICATION_PATH} element={page(<PublicationPage />, rights.publish)} />
            <Route path={DASHBOARD_PATH} element={page(<DashboardPage />)} />
            <Route path={REPORT_ROUTES.campaign} element={page(<ReportPage kind="campaign" />)} />
            <Route path={REPORT_ROUTES.template} element={page(<ReportPage kind="template" />)} />
            <Route path={REPORT_ROUTES.cpf} element={page(<ReportPage kind="cpf" />)} />
            <Route path={EMAIL_PATH} element={page(<EmailPage />, rights.publish)} />
            <Route path={SEARCH_PATH} element={page(<SearchPage />)} />
            <Route path={BADGE_IMAGE_LIBRARY_PATH} element={page(<BadgeImageLibrary />)} />
            <Route path={BADGE_IMAGE_EDITOR_PATH} element={page(<BadgeImageEditor />, rights.publish)} />
            <Route path={`${BADGE_IMAGE_EDITOR_PATH}/:id`} element={page(<BadgeImageEditor />, rights.publish)} />
            <Route path={REFTABLE_PATH} element={page(<ReferenceTablePage />)} />
            <Route path={BADGE_EDITOR_PATH} element={page(<BadgeEditorPage />, (u) => canUseEditor(u, 'badge'))} />
            <Route
              path={REGISTRY_EDITOR_PATH}
              element={page(<RegistryEditorPage />, (u) => canUseEditor(u, 'registry'))}
            />
          </CustomRoutes>
        </Admin>
      </>
    </BrandContext.Provider>
  );
}
