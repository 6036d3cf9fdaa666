/** The campaigns' list (spec 000 section 2.1). */
export const CAMPAIGNS_PATH = '/campaigns';
