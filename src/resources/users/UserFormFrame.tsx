import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useRedirect } from 'react-admin';
import { OutcomeAlert, useSetOutcome } from '../../components/OutcomeAlert';
import { AdminTabs } from '../../components/AdminTabs';
import { userOutcome } from '../../components/userOutcome';

/** The add and edit user pages: the admin tabs and the outcome banner above the page's form. */
export function UserFormFrame({ children }: { children: ReactNode }) {
  const setOutcome = useSetOutcome();
  // the list's last outcome ("The user was added.") does not belong above this form
  useEffect(() => {
    setOutcome(null);
  }, [setOutcome]);
  return (
    <Box>
      <AdminTabs />
      <OutcomeAlert />
      {children}
    </Box>
  );
}

/** The card that holds the user form, under its title. */
export function UserFormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** After a save, the list with the outcome above it; a refusal stays on the form, its message above. */
export function useUserSaveOptions(operation: 'create' | 'update') {
  const redirect = useRedirect();
  const setOutcome = useSetOutcome();
  return {
    onSuccess: () => {
      setOutcome(userOutcome(operation), { forNextPage: true });
      redirect('/admin/users');
    },
    onError: (error: unknown) => setOutcome(userOutcome(operation, error)),
  };
}
