import type { LaurelApp } from '../../server/app';
import { multipartForm, SVG, type FormPart } from './templateFixtures';

export const VERIFICATION_PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The text fields of a complete account verification request (spec 000 section 2.12). */
export const VERIFICATION_FIELDS = {
  publicName: 'Open University of Lyon',
  officialName: 'Université ouverte de Lyon',
  juridicForm: 'Association loi 1901',
  address: '12 rue de la République, 69002 Lyon',
  website: 'https://univ-lyon.example.org',
  statementIntent: 'true',
  country: 'FR',
};

export const verificationLogo = (value: Buffer = SVG, filename = 'logo.svg', contentType = 'image/svg+xml') => ({
  name: 'hdLogo',
  filename,
  value,
  contentType,
});

export const verificationDocument = (value: Buffer = VERIFICATION_PDF) => ({
  name: 'officialDoc',
  filename: 'statuts.pdf',
  value,
  contentType: 'application/pdf',
});

/** The multipart request of the verification form: the fields (some overridden) and the files (a logo and a PDF). */
export function verificationForm(
  overrides: Partial<Record<keyof typeof VERIFICATION_FIELDS, string>> = {},
  files: FormPart[] = [verificationLogo(), verificationDocument()],
) {
  const text = Object.entries({ ...VERIFICATION_FIELDS, ...overrides }).map(([name, value]) => ({ name, value }));
  return multipartForm([...text, ...files]);
}

/** POST /api/issuer/verification as `headers` with a form made by verificationForm. */
export function postVerification(
  app: LaurelApp,
  headers: Record<string, string>,
  form: ReturnType<typeof multipartForm>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/issuer/verification',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}
