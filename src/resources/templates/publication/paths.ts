export const PUBLICATION_PATH = '/publication';
/** The publication page of one template. */
export const publicationPath = (templateId: number) => `${PUBLICATION_PATH}?templateId=${templateId}`;
