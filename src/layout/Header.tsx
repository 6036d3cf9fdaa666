import HelpIcon from '@mui/icons-material/HelpOutline';
import { AppBar, Box, Button, Toolbar } from '@mui/material';
import { useLoading, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../authProvider/useCurrentUser';
import { useHelp } from '../components/HelpContext';
import { BrandLogo } from '../components/brand/BrandLogo';
import { useBrand } from '../components/brand/BrandContext';
import { LoadingBar } from '../components/LoadingBar';
import { HeaderCredits } from './HeaderCredits';
import { HEADER_ENTRIES } from './navigation';
import { UserMenu } from './UserMenu';

export function Header() {
  const translate = useTranslate();
  const brand = useBrand();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const loading = useLoading();
  const { openHelp } = useHelp();

  return (
    <AppBar position="sticky" elevation={0} color="primary">
      <Toolbar sx={{ gap: 3, minHeight: { xs: 60 } }}>
        <Box component={Link} to="/templates" sx={{ color: 'inherit', textDecoration: 'none' }} aria-label={brand.name}>
          <BrandLogo brand={{ ...brand, primary: 'rgba(255,255,255,0.16)' }} size={30} />
        </Box>
        <Box component="nav" data-tour="header-nav" sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
          {user &&
            HEADER_ENTRIES.filter((entry) => entry.visible(user)).map((entry) => {
              const active = pathname.startsWith(entry.path);
              return (
                <Button
                  key={entry.key}
                  component={Link}
                  to={entry.path}
                  color="inherit"
                  aria-current={active ? 'page' : undefined}
                  sx={{
                    px: 1.75,
                    opacity: active ? 1 : 0.82,
                    bgcolor: active ? 'rgba(255,255,255,0.14)' : 'transparent',
                  }}
                >
                  {translate(`header.${entry.key}`)}
                </Button>
              );
            })}
        </Box>
        {user && <HeaderCredits user={user} />}
        {user && (
          <Button
            color="inherit"
            startIcon={<HelpIcon />}
            onClick={() => openHelp()}
            data-tour="help"
            sx={{ px: 1.75, opacity: 0.9 }}
          >
            {translate('header.help')}
          </Button>
        )}
        {user && <UserMenu user={user} />}
      </Toolbar>
      {loading && (
        <LoadingBar color="secondary" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }} />
      )}
    </AppBar>
  );
}
