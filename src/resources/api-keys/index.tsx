import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyView } from '../../components/lazyView';
import { page, rights } from '../../components/page';
import { NOTIFICATIONS_PATH } from './paths';

const ApiKeyList = lazyView(() => import('./ApiKeyList'), 'ApiKeyList');
const NotificationsPage = lazyView(() => import('./notifications/NotificationsPage'), 'NotificationsPage');

/** API keys of the admin area, at the spec's route /admin/api-keys (Administrators only). */
export const apiKeys = {
  list: ApiKeyList,
  icon: KeyIcon,
};

/** The integrations: API keys and the webhooks' notifications page (Administrators only). */
export const apiKeysRoutes = (
  <>
    <Resource name="admin/api-keys" {...apiKeys} />
    <CustomRoutes>
      <Route path={NOTIFICATIONS_PATH} element={page(<NotificationsPage />, rights.admin)} />
    </CustomRoutes>
  </>
);
