import HelpIcon from '@mui/icons-material/HelpOutline';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Menu, MenuItem, Toolbar } from '@mui/material';
import { memo, useState } from 'react';
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

/**
 * The header takes no props and is memoised: react-admin renders the layout again for every resource it registers
 * and every route change, and the header (menus, dialogs, tooltips) need not follow it.
 */
export const Header = memo(function Header() {
  const translate = useTranslate();
  const brand = useBrand();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const { openHelp } = useHelp();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const entries = user ? HEADER_ENTRIES.filter((entry) => entry.visible(user)) : [];

  return (
    <AppBar position="sticky" elevation={0} color="primary">
      <Toolbar sx={{ gap: { xs: 1, sm: 3 }, minHeight: { xs: 60 } }}>
        {/* a narrow screen has the header's entries in a menu: the row would run off the screen */}
        {entries.length > 0 && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={translate('header.navigation')}
            aria-haspopup="menu"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          {entries.map((entry) => (
            <MenuItem
              key={entry.key}
              component={Link}
              to={entry.path}
              selected={pathname.startsWith(entry.path)}
              onClick={() => setMenuAnchor(null)}
            >
              {translate(`header.${entry.key}`)}
            </MenuItem>
          ))}
        </Menu>
        <Box component={Link} to="/templates" sx={{ color: 'inherit', textDecoration: 'none' }} aria-label={brand.name}>
          <BrandLogo brand={{ ...brand, primary: 'rgba(255,255,255,0.16)' }} size={30} />
        </Box>
        <Box component="nav" data-tour="header-nav" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {user &&
            entries.map((entry) => {
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
        <Box sx={{ flexGrow: 1, display: { xs: 'block', md: 'none' } }} />
        {user && (
          <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
            <HeaderCredits user={user} />
          </Box>
        )}
        {user && (
          <Button
            color="inherit"
            startIcon={<HelpIcon />}
            onClick={() => openHelp()}
            data-tour="help"
            aria-label={translate('header.help')}
            sx={{
              px: 1.75,
              opacity: 0.9,
              minWidth: 0,
              // icon only on a narrow screen
              '& .label': { display: { xs: 'none', sm: 'inline' } },
              '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
            }}
          >
            <span className="label">{translate('header.help')}</span>
          </Button>
        )}
        {user && <UserMenu user={user} />}
      </Toolbar>
      <HeaderLoadingBar />
    </AppBar>
  );
});

/**
 * The bar under the header while a request runs: its own component, so that the header is not drawn again each
 * time a request starts or ends.
 */
function HeaderLoadingBar() {
  const loading = useLoading();
  return loading ? (
    <LoadingBar color="secondary" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }} />
  ) : null;
}
