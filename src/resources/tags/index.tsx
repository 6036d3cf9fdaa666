import LabelIcon from '@mui/icons-material/LabelOutlined';
import type { Tag } from '../../../domain/templates';
import { lazyView } from '../../components/lazyView';
import { Resource } from 'react-admin';

const TagCreate = lazyView(() => import('./TagCreate'), 'TagCreate');
const TagEdit = lazyView(() => import('./TagEdit'), 'TagEdit');
const TagList = lazyView(() => import('./TagList'), 'TagList');

/** The issuer's template tags, at the spec's route /template-tags (Administrators and Managers). */
export const tags = {
  list: TagList,
  create: TagCreate,
  edit: TagEdit,
  icon: LabelIcon,
  recordRepresentation: (tag: Tag) => tag.name,
};

export const tagsRoutes = <Resource name="template-tags" {...tags} />;
