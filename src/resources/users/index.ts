import PeopleIcon from '@mui/icons-material/PeopleOutline';
import type { UserRow } from '../../../domain/users';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export const users = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (user: UserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email,
};
