import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useListContext, useNotify, useTranslate } from 'react-admin';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

/** The resend's confirmation; the server checks rights, issuer and state. */
export function ResendConfirm({ keys, onClose }: { keys: string[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const { onUnselectItems } = useListContext<CertificateRecord>();
  const resend = useMutation({
    mutationFn: (chosen: string[]) => dataProvider.resendEmails(chosen),
    onSuccess: ({ nbEmails }) => {
      onClose();
      onUnselectItems();
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
      notify(nbEmails > 0 ? 'reports.resend.done' : 'reports.resend.none', {
        type: nbEmails > 0 ? 'success' : 'info',
        messageArgs: { count: nbEmails },
      });
    },
    onError: () => {
      onClose();
      notify('reports.resend.failed', { type: 'error' });
    },
  });
  return (
    <Confirm
      isOpen
      loading={resend.isPending}
      title={translate('reports.resend.title', { count: keys.length })}
      content={translate('reports.resend.body', { count: keys.length })}
      confirm={translate('reports.resend.action')}
      onConfirm={() => resend.mutate(keys)}
      onClose={onClose}
    />
  );
}
