import PeopleIcon from '@mui/icons-material/PeopleOutline';
import type { UserRow } from '../../../domain/users';
import { lazyView } from '../../components/lazyView';

const UserCreate = lazyView(() => import('./UserCreate'), 'UserCreate');
const UserEdit = lazyView(() => import('./UserEdit'), 'UserEdit');
const UserList = lazyView(() => import('./UserList'), 'UserList');

export const users = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (user: UserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email,
};
