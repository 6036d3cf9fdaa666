import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { NFT_CLAIM_PATH } from '../../../domain/nftClaims';
import { lazyView } from '../../components/lazyView';
import { outsideLayout, page, rights } from '../../components/page';
import { loadSignedInMessages } from '../../i18n/i18nProvider';
import { EMAIL_PATH, REPORT_ROUTES, SEARCH_PATH } from './paths';

// in their own chunks, loaded when opened
const ReportPage = lazyView(() => import('./ReportPage'), 'ReportPage');
const SearchPage = lazyView(() => import('./SearchPage'), 'SearchPage');
const EmailPage = lazyView(() => import('./email/EmailPage'), 'EmailPage');
// outside the layout: the public claim page of an NFT certificate brings the signed-in messages itself
const NftClaimPage = lazyView(
  () => Promise.all([import('./nft-claim/NftClaimPage'), loadSignedInMessages()]).then(([m]) => m),
  'NftClaimPage',
);

/**
 * The issued certificates: no list of its own; the campaign report, the template report, the register control
 * report and the search page are each a list of this resource on its own route.
 */
export const certificates = {
  icon: WorkspacePremiumIcon,
  recordRepresentation: (record: { key: string }) => record.key.slice(0, 8),
};

export const certificatesRoutes = (
  <>
    <Resource name="certificates" {...certificates} />
    <CustomRoutes noLayout>
      <Route path={NFT_CLAIM_PATH} element={outsideLayout(<NftClaimPage />)} />
    </CustomRoutes>
    <CustomRoutes>
      <Route path={REPORT_ROUTES.campaign} element={page(<ReportPage kind="campaign" />)} />
      <Route path={REPORT_ROUTES.template} element={page(<ReportPage kind="template" />)} />
      <Route path={REPORT_ROUTES.cpf} element={page(<ReportPage kind="cpf" />)} />
      <Route path={EMAIL_PATH} element={page(<EmailPage />, rights.publish)} />
      <Route path={SEARCH_PATH} element={page(<SearchPage />)} />
    </CustomRoutes>
  </>
);
