export const HELP_PATH = '/help';
