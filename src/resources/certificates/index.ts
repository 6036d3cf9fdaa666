import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';

/**
 * The issued certificates: no list of its own; the campaign report, the template report, the register control
 * report and the search page are each a list of this resource on its own route (see App.tsx).
 */
export const certificates = {
  icon: WorkspacePremiumIcon,
  recordRepresentation: (record: { key: string }) => record.key.slice(0, 8),
};

import { lazyView } from '../../components/lazyView';

// in their own chunks, loaded when opened
export const ReportPage = lazyView(() => import('./ReportPage'), 'ReportPage');
export const SearchPage = lazyView(() => import('./SearchPage'), 'SearchPage');
export { campaignReportPath, cpfControlPath, REPORT_ROUTES, SEARCH_PATH, templateReportPath } from './paths';
