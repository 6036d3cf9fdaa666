export const NOTIFICATIONS_PATH = '/admin/notifications';
