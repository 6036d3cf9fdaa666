import ImageIcon from '@mui/icons-material/ImageOutlined';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyView } from '../../components/lazyView';
import { page, rights } from '../../components/page';
import { BADGE_IMAGE_EDITOR_PATH, BADGE_IMAGE_LIBRARY_PATH } from './paths';

// in their own chunks, loaded when opened
const BadgeImageEditor = lazyView(() => import('./BadgeImageEditor'), 'BadgeImageEditor');
const BadgeImageLibrary = lazyView(() => import('./BadgeImageLibrary'), 'BadgeImageLibrary');

/** The `badge-images` resource: the library lists it, the editor creates and edits (at the spec's own routes). */
export const badgeImages = {
  list: BadgeImageLibrary,
  create: BadgeImageEditor,
  edit: BadgeImageEditor,
  icon: ImageIcon,
  recordRepresentation: 'name',
};

export const badgeImagesRoutes = (
  <>
    <Resource name="badge-images" {...badgeImages} />
    <CustomRoutes>
      <Route path={BADGE_IMAGE_LIBRARY_PATH} element={page(<BadgeImageLibrary />)} />
      <Route path={BADGE_IMAGE_EDITOR_PATH} element={page(<BadgeImageEditor />, rights.publish)} />
      <Route path={`${BADGE_IMAGE_EDITOR_PATH}/:id`} element={page(<BadgeImageEditor />, rights.publish)} />
    </CustomRoutes>
  </>
);
