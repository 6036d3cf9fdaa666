export const SECURITY_PATH = '/security';
