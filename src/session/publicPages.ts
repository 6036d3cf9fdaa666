/** Public, outside the layout: anyone can check a credential here without signing in. */
export const VERIFY_PATH = '/verify';
