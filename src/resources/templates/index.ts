import StyleIcon from '@mui/icons-material/StyleOutlined';
import { lazyView } from '../../components/lazyView';

const TemplateList = lazyView(() => import('./TemplateList'), 'TemplateList');

export const templates = {
  list: TemplateList,
  icon: StyleIcon,
};
