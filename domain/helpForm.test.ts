import { describe, expect, it } from 'vitest';
import {
  canSendHelp,
  HELP_FILE_MAX_BYTES,
  helpFormReducer,
  helpRequestProblems,
  helpRequestTypeKey,
  initialHelpForm,
  isHelpRequestType,
  type HelpFile,
  type HelpFormAction,
  type HelpFormState,
} from './helpForm';

const request = {
  type: 'question',
  object: 'Where is my campaign?',
  description: 'I published yesterday and cannot find it.',
  language: 'en',
  files: [] as HelpFile[],
};

const file = (name: string, size = 1000): HelpFile => ({ name, size });

function run(actions: HelpFormAction<HelpFile>[], state = initialHelpForm<HelpFile>()): HelpFormState<HelpFile> {
  return actions.reduce(helpFormReducer<HelpFile>, state);
}

const filled: HelpFormAction<HelpFile>[] = [
  { kind: 'set_type', value: 'anomaly' },
  { kind: 'set_object', value: 'Broken link' },
  { kind: 'set_description', value: 'The link in the email does not open.' },
];

describe('support request rules', () => {
  it('knows the three request types', () => {
    expect(['question', 'anomaly', 'sales team'].every(isHelpRequestType)).toBe(true);
    expect(isHelpRequestType('sales_team')).toBe(false);
    expect(helpRequestTypeKey('sales team')).toBe('sales_team');
  });

  it('accepts a complete request', () => {
    expect(helpRequestProblems(request)).toEqual([]);
    expect(helpRequestProblems({ ...request, object: 'é'.repeat(100), files: [file('a'), file('b')] })).toEqual([]);
  });

  it('needs a type, an object, a description and a supported language', () => {
    expect(helpRequestProblems({ ...request, type: '', object: '  ', description: '\n', language: 'de' })).toEqual([
      'type_invalid',
      'object_empty',
      'description_empty',
      'language_invalid',
    ]);
  });

  it('limits the object to 100 characters, counted as people count them', () => {
    expect(helpRequestProblems({ ...request, object: 'x'.repeat(101) })).toEqual(['object_too_long']);
    expect(helpRequestProblems({ ...request, object: '🙂'.repeat(100) })).toEqual([]);
  });

  it('takes up to four files, each under 1024 KB', () => {
    const four = ['a', 'b', 'c', 'd'].map((name) => file(name));
    expect(helpRequestProblems({ ...request, files: four })).toEqual([]);
    expect(helpRequestProblems({ ...request, files: [...four, file('e')] })).toEqual(['too_many_files']);
    expect(helpRequestProblems({ ...request, files: [file('big', HELP_FILE_MAX_BYTES)] })).toEqual(['file_too_big']);
    expect(helpRequestProblems({ ...request, files: [file('ok', HELP_FILE_MAX_BYTES - 1)] })).toEqual([]);
  });
});

describe('help form states', () => {
  it('enables send only once type, object and description are filled', () => {
    expect(canSendHelp(initialHelpForm())).toBe(false);
    expect(canSendHelp(run(filled.slice(0, 2)))).toBe(false);
    expect(canSendHelp(run([...filled, { kind: 'set_object', value: '   ' }]))).toBe(false);
    expect(canSendHelp(run(filled))).toBe(true);
  });

  it('cuts the object at 100 characters', () => {
    expect(run([{ kind: 'set_object', value: 'y'.repeat(130) }]).draft.object).toBe('y'.repeat(100));
  });

  it('attaches at most four files under 1024 KB and says why others were left out', () => {
    const big = run([{ kind: 'add_files', files: [file('a'), file('huge', HELP_FILE_MAX_BYTES)] }]);
    expect(big.draft.files.map((f) => f.name)).toEqual(['a']);
    expect(big.notice).toBe('file_too_big');
    const many = run([{ kind: 'add_files', files: ['a', 'b', 'c', 'd', 'e'].map((name) => file(name)) }]);
    expect(many.draft.files).toHaveLength(4);
    expect(many.notice).toBe('too_many_files');
    const removed = run([{ kind: 'remove_file', index: 1 }, { kind: 'dismiss_notice' }], many);
    expect(removed.draft.files.map((f) => f.name)).toEqual(['a', 'c', 'd']);
    expect(removed.notice).toBeNull();
  });

  it('goes from form to sending to sent, and cannot send twice', () => {
    const sending = run([...filled, { kind: 'send' }]);
    expect(sending.status).toBe('sending');
    expect(canSendHelp(sending)).toBe(false);
    expect(run([{ kind: 'set_object', value: 'changed' }], sending).draft.object).toBe('Broken link');
    const sent = run([{ kind: 'sent' }], sending);
    expect(sent.status).toBe('sent');
    expect(run([{ kind: 'send' }], sent).status).toBe('sent');
  });

  it('does not leave the form when the request is not complete', () => {
    expect(run([{ kind: 'send' }]).status).toBe('form');
  });

  it('shows a failure that closes back onto the filled form', () => {
    const failed = run([...filled, { kind: 'send' }, { kind: 'failed' }]);
    expect(failed.status).toBe('failed');
    const again = run([{ kind: 'close_failure' }], failed);
    expect(again.status).toBe('form');
    expect(again.draft.object).toBe('Broken link');
  });

  it('clears the form when closed after a success, and keeps a draft otherwise', () => {
    const draft = run([...filled, { kind: 'close' }]);
    expect(draft.draft.object).toBe('Broken link');
    const closedAfterSuccess = run([...filled, { kind: 'send' }, { kind: 'sent' }, { kind: 'close' }]);
    expect(closedAfterSuccess).toEqual(initialHelpForm());
  });

  it('opens pre-filled with a type, on a new form after a success', () => {
    expect(run([{ kind: 'open', requestType: 'sales team' }]).draft.type).toBe('sales team');
    const sent = run([...filled, { kind: 'send' }, { kind: 'sent' }]);
    expect(run([{ kind: 'open', requestType: 'sales team' }], sent)).toEqual(initialHelpForm('sales team'));
    expect(run([...filled, { kind: 'open' }]).draft.type).toBe('anomaly');
  });

  it('shows the confirmation of a request that ended while the drawer was closed', () => {
    const closedWhileSending = run([...filled, { kind: 'send' }, { kind: 'close' }, { kind: 'sent' }]);
    expect(run([{ kind: 'open' }], closedWhileSending).status).toBe('sent');
  });
});
