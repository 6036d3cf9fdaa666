import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { lazyView } from '../../components/lazyView';

const ApiKeyList = lazyView(() => import('./ApiKeyList'), 'ApiKeyList');

/** API keys of the admin area, at the spec's route /admin/api-keys (Administrators only). */
export const apiKeys = {
  list: ApiKeyList,
  icon: KeyIcon,
};
