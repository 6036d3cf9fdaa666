import ReplayIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useListContext, useNotify, useTranslate } from 'react-admin';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

/** The selected rows whose mail was not delivered: those a resend applies to (not a replaced certificate's). */
export function resendableKeys(
  selectedIds: readonly string[],
  rows: readonly (Pick<CertificateRecord, 'id' | 'EmailStatus'> & { StatusID?: number })[],
): string[] {
  const failed = new Set(
    rows
      .filter((row) => row.EmailStatus === 'not delivered' && row.StatusID !== CERTIFICATE_STATUS.replaced)
      .map((row) => row.id),
  );
  return selectedIds.filter((id) => failed.has(id));
}

/**
 * Bulk action of the reports and the search page: the selected mails that were not delivered (refused, or 24
 * hours of failed attempts) go out again, after a confirmation; the server checks rights, issuer and state.
 */
export function ResendMailsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const { selectedIds, data, onUnselectItems } = useListContext<CertificateRecord>();
  const [asked, setAsked] = useState<string[] | null>(null);
  const keys = resendableKeys(selectedIds, data ?? []);
  const resend = useMutation({
    mutationFn: (chosen: string[]) => dataProvider.resendEmails(chosen),
    onSuccess: ({ nbEmails }) => {
      setAsked(null);
      onUnselectItems();
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
      notify(nbEmails > 0 ? 'reports.resend.done' : 'reports.resend.none', {
        type: nbEmails > 0 ? 'success' : 'info',
        messageArgs: { count: nbEmails },
      });
    },
    onError: () => {
      setAsked(null);
      notify('reports.resend.failed', { type: 'error' });
    },
  });
  return (
    <>
      <Button label="reports.resend.action" disabled={keys.length === 0} onClick={() => setAsked(keys)}>
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={asked !== null}
        loading={resend.isPending}
        title={translate('reports.resend.title', { count: asked?.length ?? 0 })}
        content={translate('reports.resend.body', { count: asked?.length ?? 0 })}
        confirm={translate('reports.resend.action')}
        onConfirm={() => asked && resend.mutate(asked)}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
