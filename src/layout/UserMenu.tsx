import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import PlanIcon from '@mui/icons-material/CardMembershipOutlined';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/ShieldOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  MenuList,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useLogout, useTheme, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../domain/auth';
import { LanguageDialog } from './LanguageDialog';
import { USER_MENU_ENTRIES } from './navigation';

const ICONS: Record<string, ReactNode> = {
  myplan: <PlanIcon fontSize="small" />,
  profile: <BusinessIcon fontSize="small" />,
  tags: <LabelIcon fontSize="small" />,
  security: <SecurityIcon fontSize="small" />,
};

function initials(user: CurrentUser): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const [theme, setTheme] = useTheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [languageOpen, setLanguageOpen] = useState(false);
  const dark = theme === 'dark';
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={translate('header.user_menu')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={translate('header.user_menu')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          data-tour="user-menu"
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15, fontWeight: 700 }}>
            {initials(user)}
          </Avatar>
        </IconButton>
      </Tooltip>
      {/* The who-am-I header sits above the role=menu list, which holds only menu items and separators: the
          menu opens with the focus on its first item and the arrow keys move through the items (WAI-ARIA menu). */}
      <Popover
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1.25, maxWidth: 280 }}>
          <Typography fontWeight={600} noWrap>
            {`${user.firstName} ${user.lastName}`.trim() || user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {user.issuerName}
          </Typography>
        </Box>
        <Divider />
        <MenuList autoFocusItem={anchor !== null} aria-label={translate('header.user_menu')} sx={{ minWidth: 220 }}>
          {USER_MENU_ENTRIES.filter((entry) => entry.visible(user)).map((entry) => (
            <MenuItem
              key={entry.key}
              onClick={() => {
                close();
                void navigate(entry.path);
              }}
            >
              <ListItemIcon>{ICONS[entry.key]}</ListItemIcon>
              <ListItemText>{translate(`header.${entry.key}`)}</ListItemText>
            </MenuItem>
          ))}
          <MenuItem
            onClick={() => {
              setTheme(dark ? 'light' : 'dark');
              close();
            }}
          >
            <ListItemIcon>{dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{translate(dark ? 'header.theme_light' : 'header.theme_dark')}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setLanguageOpen(true);
            }}
          >
            <ListItemIcon>
              <TranslateIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('header.language')}</ListItemText>
          </MenuItem>
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('header.logout')}</ListItemText>
          </MenuItem>
        </MenuList>
      </Popover>
      <LanguageDialog open={languageOpen} onClose={() => setLanguageOpen(false)} />
    </>
  );
}
