/** The dashboard's route (spec 000 section 2.1), apart from the page so that links do not load its chunk. */
export const DASHBOARD_PATH = '/dashboard';
