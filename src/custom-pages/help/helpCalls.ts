import type { HelpDraft, HelpRequestType } from '../../../domain/helpForm';
import type { Language } from '../../../domain/language';
import { apiFetch } from '../../dataProvider/httpClient';

/** POST /api/contactus (spec 000 section 7): multipart type, object, description, language and files. */
export async function sendSupportRequest(
  draft: HelpDraft<File> & { type: HelpRequestType },
  language: Language,
): Promise<void> {
  const form = new FormData();
  form.append('type', draft.type);
  form.append('object', draft.object);
  form.append('description', draft.description);
  form.append('language', language);
  for (const file of draft.files) form.append('files', file, file.name);
  await apiFetch('/api/contactus', { method: 'POST', body: form });
}
