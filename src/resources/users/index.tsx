import PeopleIcon from '@mui/icons-material/PeopleOutline';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { UserRow } from '../../../domain/users';
import { lazyView } from '../../components/lazyView';
import { page } from '../../components/page';
import { SECURITY_PATH } from './paths';

const UserCreate = lazyView(() => import('./UserCreate'), 'UserCreate');
const UserEdit = lazyView(() => import('./UserEdit'), 'UserEdit');
const UserList = lazyView(() => import('./UserList'), 'UserList');
const SecurityPage = lazyView(() => import('./security/SecurityPage'), 'SecurityPage');

export const users = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (user: UserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email,
};

/** The admin area's users, and every user's own security page (second factor). */
export const usersRoutes = (
  <>
    <Resource name="admin/users" {...users} />
    <CustomRoutes>
      <Route path={SECURITY_PATH} element={page(<SecurityPage />)} />
    </CustomRoutes>
  </>
);
