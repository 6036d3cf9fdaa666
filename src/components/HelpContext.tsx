import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type ReactNode,
} from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import {
  canSendHelp,
  HELP_FILE_MAX_BYTES,
  HELP_MAX_FILES,
  HELP_OBJECT_MAX_LENGTH,
  helpFormReducer,
  initialHelpForm,
  type HelpFormAction,
  type HelpFormState,
  type HelpRequestType,
} from '../../domain/helpForm';
import { isSupportedLanguage } from '../../domain/language';
import { useLaurelDataProvider } from '../dataProvider/useLaurelDataProvider';

export interface OpenHelpOptions {
  /** pre-selects the request type, e.g. 'sales team' from the plan page */
  type?: HelpRequestType;
  /** pre-fills the object, e.g. the locked setting or the product the user asks about */
  object?: string;
}

export interface HelpControls {
  /** opens the help drawer (spec 000 section 2.13), from the header or any page */
  openHelp: (options?: OpenHelpOptions) => void;
  closeHelp: () => void;
}

interface HelpState extends HelpControls {
  open: boolean;
  form: HelpFormState<File>;
  dispatch: (action: HelpFormAction<File>) => void;
  /** sends the form in the interface's language; the answer lands even if the drawer was closed meanwhile */
  send: () => Promise<void>;
}

const HelpContext = createContext<HelpState | null>(null);

/**
 * The help drawer's state for the whole signed-in shell: the drawer and the /help page show the same contact
 * form, and a draft survives closing the drawer (a sent request does not).
 */
export function HelpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [form, dispatch] = useReducer(helpFormReducer<File>, undefined, () => initialHelpForm<File>());
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  // files left out (1024 KB or more, beyond the fourth) are told once, as a notification
  useEffect(() => {
    if (!form.notice) return;
    notify(`help.contact.${form.notice}`, {
      type: 'warning',
      messageArgs: { limit: HELP_FILE_MAX_BYTES / 1024, max: HELP_MAX_FILES },
    });
    dispatch({ kind: 'dismiss_notice' });
  }, [form.notice, notify]);
  const openHelp = useCallback((options: OpenHelpOptions = {}) => {
    dispatch({ kind: 'open', requestType: options.type });
    if (options.object) dispatch({ kind: 'set_object', value: options.object.slice(0, HELP_OBJECT_MAX_LENGTH) });
    setOpen(true);
  }, []);
  const closeHelp = useCallback(() => {
    setOpen(false);
    dispatch({ kind: 'close' });
  }, []);
  const send = useCallback(async () => {
    const { draft } = form;
    if (!canSendHelp(form) || draft.type === '') return;
    dispatch({ kind: 'send' });
    try {
      await dataProvider.sendSupportRequest(
        { ...draft, type: draft.type },
        isSupportedLanguage(locale) ? locale : 'en',
      );
      dispatch({ kind: 'sent' });
    } catch {
      dispatch({ kind: 'failed' });
    }
  }, [form, locale, dataProvider]);
  const value = useMemo(
    () => ({ open, form, dispatch, send, openHelp, closeHelp }),
    [open, form, send, openHelp, closeHelp],
  );
  return <HelpContext.Provider value={value}>{children}</HelpContext.Provider>;
}

function useHelpState(): HelpState {
  const state = useContext(HelpContext);
  if (!state) throw new Error('the help hooks need a HelpProvider (the Layout has one)');
  return state;
}

/** `const { openHelp } = useHelp(); openHelp({ type: 'sales team' })` opens the help drawer from any page. */
export function useHelp(): HelpControls {
  const { openHelp, closeHelp } = useHelpState();
  return { openHelp, closeHelp };
}

/** The drawer's open state and the shared contact form, for the help components themselves. */
export function useHelpForm(): Omit<HelpState, 'openHelp'> {
  return useHelpState();
}
