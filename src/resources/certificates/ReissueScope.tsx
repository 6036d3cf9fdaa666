import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { useReturnFocus } from '../../components/useReturnFocus';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { ReissueDialog } from './ReissueDialog';

/** Opens the re-issue dialog for these certificates; `leftOut` selected ones cannot be corrected here. */
export type OpenReissue = (rows: readonly CertificateRecord[], leftOut: number) => void;

const ReissueContext = createContext<OpenReissue | null>(null);

/**
 * Where "Correct and re-issue" is offered (a report of a template that is not an NFT's, the search, for those who may
 * publish): the bulk action and the row actions inside open one dialog held here, above the table, so that it stays
 * open while the selection is cleared and the rows refresh after the re-issue.
 */
export function ReissueScope({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [asked, setAsked] = useState<{ rows: readonly CertificateRecord[]; leftOut: number } | null>(null);
  const { onUnselectItems } = useListContext();
  const opener = useReturnFocus();
  const { remember, restore } = opener;
  const open = useCallback<OpenReissue>(
    (rows, leftOut) => {
      remember();
      setAsked({ rows, leftOut });
    },
    [remember],
  );
  return (
    <ReissueContext.Provider value={enabled ? open : null}>
      {children}
      {asked && (
        <ReissueDialog
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
  return useContext(ReissueContext);
}
