import StyleIcon from '@mui/icons-material/StyleOutlined';
import { TemplateList } from './TemplateList';

export const templates = {
  list: TemplateList,
  icon: StyleIcon,
};
