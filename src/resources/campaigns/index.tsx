import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { lazyView } from '../../components/lazyView';
import { Resource } from 'react-admin';

const CampaignList = lazyView(() => import('./CampaignList'), 'CampaignList');

/** The issuer's campaigns: a list, each campaign's view being its report (a certificates list). */
export const campaigns = {
  list: CampaignList,
  icon: CampaignIcon,
  recordRepresentation: (record: { ID: number }) => `#${record.ID}`,
};

export const campaignsRoutes = <Resource name="campaigns" {...campaigns} />;
