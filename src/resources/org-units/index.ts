import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import { lazyView } from '../../components/lazyView';

const OrgUnitList = lazyView(() => import('./OrgUnitList'), 'OrgUnitList');

export const orgUnits = {
  list: OrgUnitList,
  icon: AccountTreeIcon,
};
