import ImageIcon from '@mui/icons-material/ImageOutlined';
import { BadgeImageEditor } from './BadgeImageEditor';
import { BadgeImageLibrary } from './BadgeImageLibrary';

export { BadgeImageEditor, BadgeImageLibrary };
export { BadgeImagePickerDialog } from './BadgeImagePickerDialog';
export { BADGE_IMAGE_EDITOR_PATH, BADGE_IMAGE_LIBRARY_PATH } from './paths';

/** The `badge-images` resource: the library lists it, the editor creates and edits (at the spec's own routes). */
export const badgeImages = {
  list: BadgeImageLibrary,
  create: BadgeImageEditor,
  edit: BadgeImageEditor,
  icon: ImageIcon,
  recordRepresentation: 'name',
};
