/** The preview tokens of one server, with the key (derived from the server's secret) closed over. */
export interface TemplatePreviews {
  make(issuerId: number, templateId: number, now?: number): string;
  check(token: string, issuerId: number, templateId: number, now?: number): boolean;
}
