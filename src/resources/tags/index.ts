import LabelIcon from '@mui/icons-material/LabelOutlined';
import type { Tag } from '../../../domain/templates';
import { TagCreate } from './TagCreate';
import { TagEdit } from './TagEdit';
import { TagList } from './TagList';

/** The issuer's template tags, at the spec's route /template-tags (Administrators and Managers). */
export const tags = {
  list: TagList,
  create: TagCreate,
  edit: TagEdit,
  icon: LabelIcon,
  recordRepresentation: (tag: Tag) => tag.name,
};
