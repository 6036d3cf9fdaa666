export const PROFILE_PATH = '/profile';
