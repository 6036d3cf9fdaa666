import type { HelpDraft, HelpRequestType } from '../../domain/helpForm';
import type { Language } from '../../domain/language';
import { apiUpload } from './apiRequest';

export const helpMethods = {
  /** POST /api/contactus (spec 000 section 7): multipart type, object, description, language and files. */
  sendSupportRequest: async (draft: HelpDraft<File> & { type: HelpRequestType }, language: Language) => {
    const form = new FormData();
    form.append('type', draft.type);
    form.append('object', draft.object);
    form.append('description', draft.description);
    form.append('language', language);
    for (const file of draft.files) form.append('files', file, file.name);
    await apiUpload('/api/contactus', 'post', form);
  },
};
