import ImageIcon from '@mui/icons-material/ImageOutlined';
import { lazyView } from '../../components/lazyView';

// in their own chunks, loaded when opened (App.tsx routes the same two)
export const BadgeImageEditor = lazyView(() => import('./BadgeImageEditor'), 'BadgeImageEditor');
export const BadgeImageLibrary = lazyView(() => import('./BadgeImageLibrary'), 'BadgeImageLibrary');
export { BADGE_IMAGE_EDITOR_PATH, BADGE_IMAGE_LIBRARY_PATH } from './paths';

/** The `badge-images` resource: the library lists it, the editor creates and edits (at the spec's own routes). */
export const badgeImages = {
  list: BadgeImageLibrary,
  create: BadgeImageEditor,
  edit: BadgeImageEditor,
  icon: ImageIcon,
  recordRepresentation: 'name',
};
