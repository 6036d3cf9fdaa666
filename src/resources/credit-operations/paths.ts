/** The My plan route (spec 000 section 2.1), for the route, the user menu and the free-trial banner. */
export const MY_PLAN_PATH = '/myplan';
