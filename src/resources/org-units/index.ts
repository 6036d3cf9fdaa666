import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import { OrgUnitList } from './OrgUnitList';

export const orgUnits = {
  list: OrgUnitList,
  icon: AccountTreeIcon,
};
