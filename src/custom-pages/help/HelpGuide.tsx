import { Link, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { BADGE_IMAGE_LIBRARY_PATH } from '../../resources/badge-images/paths';
import { SEARCH_PATH } from '../../resources/certificates/paths';
import { DASHBOARD_PATH } from '../dashboard/paths';
import { SECURITY_PATH } from '../../resources/users/paths';
import { useHelp } from '../../components/HelpContext';
import { guideEntries } from './helpResources';

const PATHS = {
  templates: '/templates',
  badge_images: BADGE_IMAGE_LIBRARY_PATH,
  campaigns: '/campaigns',
  search: SEARCH_PATH,
  dashboard: DASHBOARD_PATH,
  admin: '/admin',
  tags: '/template-tags',
  security: SECURITY_PATH,
} as const;

/**
 * The built-in help (issue 29): where each screen is and what it is for, one link each, as far as the user's rights
 * reach. Shown when no knowledge base is set (HELP_URL), and beside it when one is.
 */
export function HelpGuide() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const { closeHelp } = useHelp();
  if (!user) return null;
  return (
    <List dense disablePadding>
      {guideEntries(user).map((entry) => (
        <ListItem key={entry} disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={PATHS[entry]} onClick={closeHelp} underline="hover">
                {translate(`help.guide.titles.${entry}`)}
              </Link>
            }
            secondary={translate(`help.guide.texts.${entry}`)}
          />
        </ListItem>
      ))}
    </List>
  );
}
