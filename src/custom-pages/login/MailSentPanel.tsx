import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoginShell } from './LoginShell';

/** "Check your mailbox": what the sign-in and the sign-up show once their link is on its way. */
export function MailSentPanel({ body, action, onAction }: { body: string; action: string; onAction: () => void }) {
  const translate = useTranslate();
  return (
    <LoginShell>
      <Box sx={{ textAlign: 'center' }}>
        <MailIcon color="primary" sx={{ fontSize: 52, mb: 1 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('login.sent_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {body}
        </Typography>
        <Button onClick={onAction}>{action}</Button>
      </Box>
    </LoginShell>
  );
}
