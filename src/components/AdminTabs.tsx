import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

/** The admin area's children (spec 000 section 2.1); a tab appears once its page exists. */
const ADMIN_TABS = [
  { key: 'users', path: '/admin/users' },
  { key: 'org-units', path: '/admin/org-units' },
  { key: 'api-keys', path: '/admin/api-keys' },
  { key: 'notifications', path: '/admin/notifications' },
  // the tags resource keeps its own address; administrators find it here, editors in the account menu
  { key: 'tags', path: '/template-tags' },
];

const TAB_LABELS: Record<string, string> = {
  'api-keys': 'apiKeys.title',
  notifications: 'notifications.title',
  tags: 'tags.title',
};

export function AdminTabs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = ADMIN_TABS.find((tab) => pathname.startsWith(tab.path))?.path ?? false;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {translate('admin.title')}
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {ADMIN_TABS.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.path}
            label={translate(TAB_LABELS[tab.key] ?? `resources.admin/${tab.key}.name`, {
              smart_count: 2,
            })}
            component={Link}
            to={tab.path}
          />
        ))}
      </Tabs>
    </Box>
  );
}
