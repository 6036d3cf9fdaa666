import { Box, CircularProgress } from '@mui/material';
import { memo, Suspense, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { OutcomeReset } from '../components/OutcomeAlert';
import { ResourceRouteGuard } from '../components/ResourceRouteGuard';
import { HelpProvider } from '../components/HelpContext';
import { HelpDrawer } from '../custom-pages/help/HelpDrawer';
import { GuidedTour } from './onboarding/GuidedTour';
import { OnboardingDialog } from './onboarding/OnboardingDialog';
import { OnboardingProvider } from './onboarding/OnboardingContext';
import { GlobalAlerts } from './GlobalAlerts';
import { Header } from './Header';
import { SessionWatcher } from './SessionWatcher';
import { TermsDialog } from './TermsDialog';

/** The spinner while a screen's code loads, named for screen readers (axe: aria-progressbar-name). */
function PageLoading() {
  const translate = useTranslate();
  return <CircularProgress aria-label={translate('ra.page.loading')} />;
}

/**
 * The shell's parts take no props and are memoised: react-admin renders the layout again, with new children, for
 * every resource it registers and every route change, and only the routed page has to follow.
 */
const Shell = memo(function Shell() {
  return (
    <>
      <Header />
      <SessionWatcher />
      <OutcomeReset />
      <OnboardingDialog />
      <TermsDialog />
      <GuidedTour />
    </>
  );
});
const Alerts = memo(GlobalAlerts);
const Drawer = memo(HelpDrawer);

/**
 * The root shell of spec 000 section 2.3 for a signed-in user: the header, the onboarding form when visible (or
 * the terms dialog), the routed page, the guided tour and the help drawer.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <HelpProvider>
      <OnboardingProvider>
        <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
          <Shell />
          <Box
            component="main"
            id="main-content"
            sx={{ flexGrow: 1, width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 4 }, py: 4 }}
          >
            <Alerts />
            <Suspense
              fallback={
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
                  <PageLoading />
                </Box>
              }
            >
              <ResourceRouteGuard>{children}</ResourceRouteGuard>
            </Suspense>
          </Box>
        </Box>
        <Drawer />
      </OnboardingProvider>
    </HelpProvider>
  );
}
