import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import { Resource } from 'react-admin';
import { lazyView } from '../../components/lazyView';

const OrgUnitList = lazyView(() => import('./OrgUnitList'), 'OrgUnitList');

export const orgUnits = {
  list: OrgUnitList,
  icon: AccountTreeIcon,
};

export const orgUnitsRoutes = <Resource name="admin/org-units" {...orgUnits} />;
