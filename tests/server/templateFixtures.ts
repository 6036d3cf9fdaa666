import type { LaurelApp } from '../../server/app';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
);
/** The start of a JPEG (its signature and a JFIF header): what the content check reads. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----laurel-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const svgLogo = (filename = 'logo.svg'): FormPart => ({
  name: 'badgeImage',
  value: SVG,
  filename,
  contentType: 'image/svg+xml',
});
export const pngImage = (name: string, filename: string): FormPart => ({
  name,
  value: PNG,
  filename,
  contentType: 'image/png',
});

/** A valid two-language badge in add mode; French is sent first and English is the default. */
export function badgePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mode: 'add',
    type: 'openbadge',
    DefaultLanguage: 'en',
    badge: { fr: 'logo.svg', en: 'logo.svg' },
    content: {
      fr: { microcertitle: 'Analyse de données', label: 'Analyse' },
      en: { microcertitle: 'Data analysis', label: 'Analysis', skills: 'SQL; sql, Python,,', outcome: 'Can\tanalyse¤' },
    },
    ...overrides,
  };
}

export function registryPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mode: 'add',
    type: 'cpf_onshelf',
    DefaultLanguage: 'fr',
    badge: { fr: 'rncp.png' },
    content: { fr: { microcertitle: 'Titre RNCP', location: 'Paris', reference: 'RNCP12345' } },
    params: { type: 'RNCP', idClientCertificateur: 'CERT-1', idContrat: 'CONTRACT-1' },
    ...overrides,
  };
}

/** POSTs a multipart template form to /api/template/mc (or rncp) as `headers`. */
export function postForm(
  app: LaurelApp,
  headers: Record<string, string>,
  json: unknown,
  images: FormPart[],
  call: 'mc' | 'rncp' = 'mc',
) {
  const form = multipartForm([{ name: 'json', value: JSON.stringify(json) }, ...images]);
  return app.inject({
    method: 'POST',
    url: `/api/template/${call}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

export async function setIssuer(
  app: LaurelApp,
  issuerId: number,
  values: { params?: object; metatemplates?: string[]; has_pathway?: number },
): Promise<void> {
  await app.laurel.db
    .updateTable('issuers')
    .set({
      ...(values.params ? { params: JSON.stringify(values.params) } : {}),
      ...(values.metatemplates ? { metatemplates: JSON.stringify(values.metatemplates) } : {}),
      ...(values.has_pathway !== undefined ? { has_pathway: values.has_pathway } : {}),
    })
    .where('id', '=', issuerId)
    .execute();
}
