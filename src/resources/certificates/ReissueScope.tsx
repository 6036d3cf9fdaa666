import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { useReturnFocus } from '../../components/useReturnFocus';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { ReissueDialog } from './ReissueDialog';
import { RenewDialog } from './RenewDialog';

/** Opens the re-issue (or renewal) dialog for these certificates; `leftOut` selected ones cannot be followed here. */
export type OpenReissue = (rows: readonly CertificateRecord[], leftOut: number) => void;

type Kind = 'reissue' | 'renew';

const ReissueContext = createContext<Record<Kind, OpenReissue> | null>(null);

/**
 * Where "Correct and re-issue" and "Renew" are offered (a report of a template that is not an NFT's, the search, for
 * those who may publish): the bulk actions and the row actions inside open one dialog held here, above the table, so
 * that it stays open while the selection is cleared and the rows refresh after the re-issue or the renewal. The
 * focus goes back to the button that opened it.
 */
export function ReissueScope({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [asked, setAsked] = useState<{ kind: Kind; rows: readonly CertificateRecord[]; leftOut: number } | null>(null);
  const { onUnselectItems } = useListContext();
  const { remember, restore } = useReturnFocus();
  const opener = useCallback(
    (kind: Kind): OpenReissue =>
      (rows, leftOut) => {
        remember();
        setAsked({ kind, rows, leftOut });
      },
    [remember],
  );
  const openers = useMemo(() => ({ reissue: opener('reissue'), renew: opener('renew') }), [opener]);
  const Shown = asked?.kind === 'renew' ? RenewDialog : ReissueDialog;
  return (
    <ReissueContext.Provider value={enabled ? openers : null}>
      {children}
      {asked && (
        <Shown
          rows={asked.rows}
          leftOut={asked.leftOut}
          onDone={() => onUnselectItems()}
          onClose={() => {
            setAsked(null);
            restore();
          }}
        />
      )}
    </ReissueContext.Provider>
  );
}

/** The re-issue dialog's opener, or null where re-issue is not offered. */
export function useReissue(): OpenReissue | null {
  return useContext(ReissueContext)?.reissue ?? null;
}

/** The renewal dialog's opener (issue 28), or null where renewal is not offered (as re-issue). */
export function useRenew(): OpenReissue | null {
  return useContext(ReissueContext)?.renew ?? null;
}
