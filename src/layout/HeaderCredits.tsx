import CreditsIcon from '@mui/icons-material/TollOutlined';
import { Box, Button, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../domain/auth';
import { canPublish, isAdministrator } from '../../domain/permissions';
import { MY_PLAN_PATH } from '../resources/credit-operations/paths';
import { useCredits } from '../components/useCredits';

/**
 * The issuer's credits in the header, for those who publish; Administrators open My plan from it. It reads
 * the shared credits query, so a publish shows the new balance here at once.
 */
export function HeaderCredits({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const { data } = useCredits();
  if (!canPublish(user.profileId) || data === undefined) return null;
  const label = translate('header.credits', { count: data.current });
  const title = translate('header.credits_title');
  if (isAdministrator(user.profileId))
    return (
      <Tooltip title={title} describeChild>
        <Button
          component={Link}
          to={MY_PLAN_PATH}
          color="inherit"
          startIcon={<CreditsIcon />}
          data-testid="header-credits"
          sx={{ px: 1.5, opacity: 0.9, whiteSpace: 'nowrap' }}
        >
          {label}
        </Button>
      </Tooltip>
    );
  return (
    <Tooltip title={title} describeChild>
      <Box
        data-testid="header-credits"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, opacity: 0.9, whiteSpace: 'nowrap' }}
      >
        <CreditsIcon fontSize="small" />
        {label}
      </Box>
    </Tooltip>
  );
}
