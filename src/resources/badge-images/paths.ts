/** The library and editor routes of spec 002 sections 2.5 and 2.6. */
export const BADGE_IMAGE_LIBRARY_PATH = '/badgeImageLibrary';
export const BADGE_IMAGE_EDITOR_PATH = '/badgeImageEditor';
export const badgeImageEditorPath = (id?: number | string) =>
  id === undefined ? BADGE_IMAGE_EDITOR_PATH : `${BADGE_IMAGE_EDITOR_PATH}/${id}`;
