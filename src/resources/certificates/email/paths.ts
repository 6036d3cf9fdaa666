export const EMAIL_PATH = '/email';
