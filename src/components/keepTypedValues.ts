import type { FormProps } from 'react-admin';

/**
 * The `resetOptions` of every edit form. An edit page first shows the record cached by its list, and react-admin
 * resets the form when the record's own answer arrives (or a refetch brings a changed record): what the user has
 * typed by then stays, the untouched fields take the new values. One stable object, because react-admin resets
 * the form again whenever this option changes identity.
 */
export const KEEP_TYPED_VALUES: FormProps['resetOptions'] = Object.freeze({ keepDirtyValues: true });
