import { isSupportedLanguage } from './language';

/**
 * The support request of the help drawer (spec 000 sections 2.13, 3, 4, 5, 8 and 9): its rules, shared by the
 * form and by POST /api/contactus, and the form's states.
 */
export const HELP_REQUEST_TYPES = ['question', 'anomaly', 'sales team'] as const;
export type HelpRequestType = (typeof HELP_REQUEST_TYPES)[number];

export const HELP_OBJECT_MAX_LENGTH = 100;
/** The spec sets no bound; this one keeps a single request from carrying a book. */
export const HELP_DESCRIPTION_MAX_LENGTH = 10_000;
export const HELP_MAX_FILES = 4;
/** Each attachment must be under 1024 KB. */
export const HELP_FILE_MAX_BYTES = 1024 * 1024;
/** What the form suggests attaching: jpg or png screenshots of about 500 KB. */
export const HELP_FILE_HINT = { formats: 'jpg/png', kilobytes: 500 } as const;

/**
 * The attachments the spec names (the form's hint: jpg/png screenshots): PNG and JPEG only, recognised by their
 * content's signature and by a file name of the same type, so that an .exe or an HTML page renamed .png, or a
 * PNG named .html, is refused.
 */
export const HELP_FILE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const HELP_FILE_EXTENSIONS: Record<string, 'png' | 'jpeg'> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

export function isHelpFileTypeAllowed(name: string, content: Uint8Array): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const named = HELP_FILE_EXTENSIONS[extension];
  const starts = (signature: number[]) => signature.every((byte, i) => content[i] === byte);
  const actual = starts(PNG_SIGNATURE) ? 'png' : starts(JPEG_SIGNATURE) ? 'jpeg' : null;
  return named !== undefined && named === actual;
}

export function isHelpRequestType(value: unknown): value is HelpRequestType {
  return typeof value === 'string' && (HELP_REQUEST_TYPES as readonly string[]).includes(value);
}

/** The message key of a request type ('sales team' → 'sales_team'). */
export function helpRequestTypeKey(type: HelpRequestType): string {
  return type.replace(/ /g, '_');
}

/** Characters as a person counts them (an emoji is one). */
export function textLength(value: string): number {
  return [...value].length;
}

export function isHelpFileSizeAllowed(bytes: number): boolean {
  return bytes < HELP_FILE_MAX_BYTES;
}

export interface HelpFile {
  name: string;
  size: number;
}

export interface HelpRequest {
  type: string;
  object: string;
  description: string;
  language: string;
  files: readonly HelpFile[];
}

export type HelpRequestProblem =
  | 'type_invalid'
  | 'object_empty'
  | 'object_too_long'
  | 'description_empty'
  | 'description_too_long'
  | 'language_invalid'
  | 'too_many_files'
  | 'file_too_big';

/** Every rule the request breaks, in the form's order; none means it may be sent. */
export function helpRequestProblems(request: HelpRequest): HelpRequestProblem[] {
  const problems: HelpRequestProblem[] = [];
  if (!isHelpRequestType(request.type)) problems.push('type_invalid');
  if (request.object.trim() === '') problems.push('object_empty');
  else if (textLength(request.object) > HELP_OBJECT_MAX_LENGTH) problems.push('object_too_long');
  if (request.description.trim() === '') problems.push('description_empty');
  else if (textLength(request.description) > HELP_DESCRIPTION_MAX_LENGTH) problems.push('description_too_long');
  if (!isSupportedLanguage(request.language)) problems.push('language_invalid');
  if (request.files.length > HELP_MAX_FILES) problems.push('too_many_files');
  if (request.files.some((file) => !isHelpFileSizeAllowed(file.size))) problems.push('file_too_big');
  return problems;
}

/** form, then sending, then sent (the confirmation) or failed (an error panel with a close button). */
export type HelpFormStatus = 'form' | 'sending' | 'sent' | 'failed';

/** Why some chosen files were not attached. */
export type HelpFileNotice = 'file_too_big' | 'too_many_files';

export interface HelpDraft<F extends HelpFile> {
  type: HelpRequestType | '';
  object: string;
  description: string;
  files: F[];
}

export interface HelpFormState<F extends HelpFile> {
  status: HelpFormStatus;
  draft: HelpDraft<F>;
  notice: HelpFileNotice | null;
}

export type HelpFormAction<F extends HelpFile> =
  | { kind: 'open'; requestType?: HelpRequestType }
  | { kind: 'set_type'; value: HelpRequestType }
  | { kind: 'set_object'; value: string }
  | { kind: 'set_description'; value: string }
  | { kind: 'add_files'; files: readonly F[] }
  | { kind: 'remove_file'; index: number }
  | { kind: 'dismiss_notice' }
  | { kind: 'send' }
  | { kind: 'sent' }
  | { kind: 'failed' }
  | { kind: 'close_failure' }
  | { kind: 'close' };

export function initialHelpForm<F extends HelpFile>(requestType?: HelpRequestType): HelpFormState<F> {
  return {
    status: 'form',
    draft: { type: requestType ?? '', object: '', description: '', files: [] },
    notice: null,
  };
}

/** Send is enabled only when type, object and description are filled, the rules hold, and nothing was sent yet. */
export function canSendHelp<F extends HelpFile>(state: HelpFormState<F>): boolean {
  const { draft } = state;
  return state.status === 'form' && draft.type !== '' && helpRequestProblems({ ...draft, language: 'en' }).length === 0;
}

function cut(value: string, max: number): string {
  return textLength(value) > max ? [...value].slice(0, max).join('') : value;
}

/** Files beyond the fourth, and files of 1024 KB or more, are left out with a notice. */
function withFiles<F extends HelpFile>(state: HelpFormState<F>, files: readonly F[]): HelpFormState<F> {
  const kept = [...state.draft.files];
  let notice: HelpFileNotice | null = null;
  for (const file of files) {
    if (!isHelpFileSizeAllowed(file.size)) notice = 'file_too_big';
    else if (kept.length >= HELP_MAX_FILES) notice ??= 'too_many_files';
    else kept.push(file);
  }
  return { ...state, draft: { ...state.draft, files: kept }, notice };
}

export function helpFormReducer<F extends HelpFile>(
  state: HelpFormState<F>,
  action: HelpFormAction<F>,
): HelpFormState<F> {
  const editable = state.status === 'form';
  const edit = (draft: Partial<HelpDraft<F>>) => (editable ? { ...state, draft: { ...state.draft, ...draft } } : state);
  switch (action.kind) {
    case 'open':
      // asked for a given type after a sent request: a new form; otherwise the drawer shows what it held
      if (!action.requestType) return state;
      if (state.status === 'sent') return initialHelpForm<F>(action.requestType);
      return edit({ type: action.requestType });
    case 'set_type':
      return edit({ type: action.value });
    case 'set_object':
      return edit({ object: cut(action.value, HELP_OBJECT_MAX_LENGTH) });
    case 'set_description':
      return edit({ description: cut(action.value, HELP_DESCRIPTION_MAX_LENGTH) });
    case 'add_files':
      return editable ? withFiles(state, action.files) : state;
    case 'remove_file':
      return edit({ files: state.draft.files.filter((_, index) => index !== action.index) });
    case 'dismiss_notice':
      return { ...state, notice: null };
    case 'send':
      return canSendHelp(state) ? { ...state, status: 'sending', notice: null } : state;
    case 'sent':
      return state.status === 'sending' ? { ...state, status: 'sent' } : state;
    case 'failed':
      return state.status === 'sending' ? { ...state, status: 'failed' } : state;
    case 'close_failure':
      // back to the filled form, to try again
      return state.status === 'failed' ? { ...state, status: 'form' } : state;
    case 'close':
      return state.status === 'sent' ? initialHelpForm<F>() : { ...state, notice: null };
  }
}
