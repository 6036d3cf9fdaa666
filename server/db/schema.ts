import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ReplacementKind } from '../../domain/certificates';

/**
 * The typed Database interface. Columns with a database default are Generated (optional on insert). Booleans are stored as 0/1 integers and timestamps as ISO-8601 text so that
 * one set of migrations and queries behaves the same on SQLite and PostgreSQL; JSON is stored as text.
 */
type Flag = number;
type Timestamp = string;
type Json = string;

export interface IssuerTable {
  id: Generated<number>;
  name: string;
  plan: string;
  credits: number;
  is_validator: Generated<Flag>;
  verified: Generated<Flag>;
  is_blocked: Generated<Flag>;
  domains: Generated<string>;
  /** issuer params of spec 000 section 3 (sender, replyTo, tracking, hasCustomDesign, canEditTables, …) */
  params: Generated<Json>;
  /** OIDC identity provider for single sign-on: {issuer, clientId, jwksUri, authorizationEndpoint}, or null */
  sso_config: Json | null;
  has_pathway: Generated<Flag>;
  has_rncp: Generated<Flag>;
  /** template types this issuer may create (openbadge, cpf_onshelf, …), a JSON array */
  metatemplates: Generated<Json>;
  created_at: Timestamp;
  /** the next free place in the issuer's status lists; each certificate takes one at publish time */
  next_status_index: Generated<number>;
  /** incremented whenever a certificate's status changes, so that a signed status list can be cached */
  status_version: Generated<number>;
  /** the self-service product the account holds (domain/selfServiceProducts.ts), or null */
  plan_product: string | null;
  /** set while a cancellation is pending: when the plan ends */
  plan_cancel_at: Timestamp | null;
  /** a one- or two-letter change of a recipient's name asked from the public page is approved at once (issue 28) */
  auto_approve_corrections: Generated<Flag>;
}

export interface UserTable {
  id: Generated<number>;
  issuer_id: number;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  profile_id: number;
  org_unit_id: number | null;
  /** base32 TOTP secret, set once the second factor is enabled */
  totp_secret: string | null;
  /** the last TOTP time step accepted: a code is accepted only for a later step (one use per code) */
  totp_last_step: number | null;
  ok_cgu: Generated<Flag>;
  ok_notice: Generated<Flag>;
  timezone: Generated<string>;
  provider: Generated<string>;
  no_totp_alert_disabled: Generated<Flag>;
  not_verified_alert_disabled: Generated<Flag>;
  created_at: Timestamp;
}

export interface OrgUnitTable {
  id: Generated<number>;
  issuer_id: number;
  name: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** Session tokens revoked before their expiry (logout); rows past expires_at can be purged. */
export interface RevokedTokenTable {
  jti: string;
  expires_at: Timestamp;
}

/** One-time sign-in links; only the SHA-256 of the link's secret is stored. */
export interface LoginLinkTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Mail kept here when no SMTP server is configured (the embedded default). */
export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

export interface CreditOperationTable {
  id: Generated<number>;
  issuer_id: number;
  operation_date: Timestamp;
  /** positive is an addition, negative a debit or an expiration */
  credits: number;
  reason: string;
}

/** A validator's validated issuers (issue 18): a validator's dashboard covers its own issuer and these. */
export interface ValidatedIssuerTable {
  validator_id: number;
  issuer_id: number;
  created_at: Timestamp;
}

export interface TemplateTable {
  id: Generated<number>;
  issuer_id: number;
  /** JSON: a string or a map of language to label */
  label: Json;
  type: string;
  enabled: Generated<Flag>;
  usable: Generated<Flag>;
  is_nft: Generated<Flag>;
  network: string | null;
  notes: Generated<string>;
  certification_counter: Generated<number>;
  created_at: Timestamp;
  last_campaign_id: number | null;
  last_campaign_date: Timestamp | null;
  thumbnail: string | null;
  /** semicolon list */
  languages: Generated<string>;
  default_language: Generated<string>;
  technical_fields: Generated<string>;
  fields_to_certified: Generated<string>;
  nb_char_max: Generated<number>;
  file_fields: Generated<string>;
  content: Generated<Json>;
  params: Generated<Json>;
  meta: Generated<Json>;
  cstyle: Generated<Json>;
  reference_tables: Generated<Json>;
  is_pathway_parent: Generated<Flag>;
  is_pathway_child: Generated<Flag>;
  /** {key, def: [{id}]} when the template is a pathway parent */
  pathway_definition: Json | null;
  /** the issuer shows the sample page publicly even before a certificate is published (issue 27) */
  public_sample: Generated<Flag>;
  /** the rows may leave the recipient's name out: its certificates name nobody (issue 28) */
  names_optional: Generated<Flag>;
  /** expiry settings as JSON (issue 28: validity, reminder days, issuer copy); null: none, default reminders */
  expiry: Json | null;
}

/** An issuer's template tag (spec 001 section 3); which templates carry it is in template_tags. */
export interface TagTable {
  id: Generated<number>;
  issuer_id: number;
  name: string;
  /** 'private' or 'public' */
  visibility: Generated<string>;
  is_active: Generated<Flag>;
  created_at: Timestamp;
}

export interface TemplateTagTable {
  tag_id: number;
  template_id: number;
}

export interface ApiKeyTable {
  id: Generated<number>;
  issuer_id: number;
  /** the profile id whose rights the key carries */
  level: number;
  key_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

/** A certificate's message not delivered yet (pending, tried again with back-off) or refused for good (failed). */
export interface MailDeliveryTable {
  certificate_id: number;
  issuer_id: number;
  template_id: number;
  /** the message settings (subject, language, sender, reply-to) as JSON */
  message: string;
  /** when the send was asked for: a message sent at or after it is not sent again */
  requested_at: Timestamp;
  state: 'pending' | 'failed';
  attempts: number;
  /** temporary failures are retried until 24 hours after this */
  window_started_at: Timestamp;
  /** when a pending message is tried next (while one is being sent: the end of its claim); null once failed */
  next_attempt_at: Timestamp | null;
  /** the last failure: the SMTP answer or the connection error */
  last_error: string;
  updated_at: Timestamp;
}

/** When the mail retry job is planned (one row), so that failures share one planned job. */
export interface MailRetryScheduleTable {
  name: string;
  run_at: Timestamp;
}

/** One attempt to call an issuer's notification webhook; campaign_id is null for a test call. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  issuer_id: number;
  campaign_id: number | null;
  /** the address called, without any credentials it held */
  url: string;
  method: string;
  /** 1 for the first attempt */
  attempt: number;
  /** the HTTP status answered, or null when there was no answer (refused, network error, time-out) */
  status_code: number | null;
  error: string | null;
  created_at: Timestamp;
  /** when the next attempt is planned after this failed one; null when none is (succeeded, or gave up) */
  next_attempt_at: Timestamp | null;
}

/** An issuer's webhook signing secret (HMAC-SHA256 key); a rotation replaces it. */
export interface WebhookSecretTable {
  issuer_id: number;
  secret: string;
  created_at: Timestamp;
}

/**
 * An issuer's Ed25519 signing key. Only the active key (retired_at null, at most one per issuer) signs;
 * retired keys stay listed for verification. The private key is AES-256-GCM ciphertext and never leaves the server.
 */
export interface IssuerKeyTable {
  id: Generated<number>;
  issuer_id: number;
  /** 1 for the issuer's first key, +1 at each rotation; the verification method is `<issuer DID>#key-<version>` */
  version: number;
  /** 'z' + base58btc of the Multikey Ed25519 public key (0xed01 + 32 bytes) */
  public_key_multibase: string;
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the PKCS#8 private key, bound to issuer and version */
  private_key_encrypted: string;
  created_at: Timestamp;
  retired_at: Timestamp | null;
}

/** One publish (spec 001 section 3, Campaign). Status is Started until its follow-up jobs are done, then Done. */
export interface CampaignTable {
  id: Generated<number>;
  issuer_id: number;
  template_id: number;
  /** the publishing user; null for an API key without a user */
  user_id: number | null;
  status: Generated<string>;
  notes: Generated<string>;
  certified_degrees: number;
  automated_emailing: Generated<Flag>;
  /** the caller's Idempotency-Key header: a repeated publish answers this campaign */
  idempotency_key: string | null;
  /** SHA-256 of the publish request, to tell a retry from a different request under the same key */
  request_hash: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  error: string | null;
}

/** A corrected re-issue (issue 28): the old certificate (status replaced) and the one that replaced it. */
export interface CertificateReplacementTable {
  id: Generated<number>;
  issuer_id: number;
  old_certificate_id: number;
  new_certificate_id: number;
  /** the issuer's reason: shown on the old certificate's page, never in a status list */
  reason: string;
  /** who re-issued: the signed-in user, or the creator of the API key; null for a key without one */
  user_id: number | null;
  created_at: Timestamp;
  /** 'correction' (the old one revoked) or 'renewal' (the old one stays valid until its own expiry): domain/certificates */
  kind: Generated<ReplacementKind>;
}

/** What recipients did with a certificate, per kind (issue 31; domain/activity.ts): counted, first and last. */
export interface CertificateActivityTable {
  certificate_id: number;
  /** view | pdf | image | linkedin | verification */
  kind: string;
  count: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** The same events added up per issuer, template, UTC day (YYYY-MM-DD) and kind: the dashboard's period totals. */
export interface ActivityDayTable {
  issuer_id: number;
  template_id: number;
  day: string;
  kind: string;
  count: number;
}

/** An expiry reminder that went (or was passed over, skipped = 1) for a certificate: once per offset (issue 28). */
export interface ExpiryReminderTable {
  id: Generated<number>;
  certificate_id: number;
  offset_days: number;
  skipped: Generated<Flag>;
  sent_at: Timestamp;
}

/** What a plan gives besides its tier; no row means the defaults. */
export interface PlanSettingTable {
  plan: string;
  /** 1 when corrected re-issues are not charged */
  free_corrections: Generated<Flag>;
}

/** A certificate (spec 002 section 4 for status_id). The key is 128 random letters and digits. */
export interface CertificateTable {
  id: Generated<number>;
  key: string;
  issuer_id: number;
  template_id: number;
  campaign_id: number;
  status_id: number;
  language: string;
  email: Generated<string>;
  /** the technical fields' values joined, which name the recipient within the template */
  recipient_key: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** "last first" in lower case, which the reports' search box matches by prefix */
  search_name: Generated<string>;
  /** JSON: the import row's fields (all but Language and Email) in the certificate's language */
  data: Json;
  /** JSON: the same fields in the template's other languages, language → fields; null for one language */
  translations: Json | null;
  obtention_date: string;
  expiration_date: string | null;
  /** place in the issuer's revocation and suspension status lists */
  status_index: number;
  /** the signed OpenBadgeCredential JSON, once the signing job has run */
  credential: string | null;
  nft_token_id: string | null;
  nft_transaction: string | null;
  /** null: not sent; 1 sent; 0 refused by the mail server */
  mail_sent: number | null;
  mail_sent_at: Timestamp | null;
  mail_read_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How many certificates of a campaign have each status; recounted whenever their statuses change. */
export interface CertificateCountTable {
  campaign_id: number;
  template_id: number;
  status_id: number;
  n: number;
}

/** Background work run by the in-process worker (server/services/jobs). */
export interface JobTable {
  id: Generated<number>;
  type: string;
  payload: Json;
  /** queued, running, done or failed */
  status: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_at: Timestamp | null;
  /** a running job's lease, renewed by its worker's heartbeat; lapsed: taken up again by another worker */
  lease_until: Generated<Timestamp | null>;
  /** the token of the claim holding the lease */
  lease_owner: Generated<string | null>;
  /** at most one queued or running job of a key */
  singleton_key: Generated<string | null>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An account verification request (spec 000 section 2.12); the files are keys in the file store. */
export interface AccountVerificationTable {
  id: Generated<number>;
  issuer_id: number;
  user_id: number | null;
  public_name: string;
  official_name: string;
  juridic_form: string;
  address: string;
  website: string;
  statement_intent: Flag;
  country: string;
  logo_file: string;
  document_file: string;
  submitted_at: Timestamp;
}

/** The onboarding questionnaire's answers (spec 000 section 2.6): a JSON object of value lists per question. */
export interface OnboardingAnswerTable {
  id: Generated<number>;
  issuer_id: number;
  user_id: number | null;
  language: string;
  answers: Json;
  submitted_at: Timestamp;
}

/**
 * Emails per issuer, UTC day sent and template (delivered and not opened, opened, refused), kept by triggers on
 * certificates (migration 2026-11-23T0300_dashboard_counts) for the dashboard.
 */
export interface EmailCountTable {
  issuer_id: number;
  day: string;
  template_id: number;
  sent: number;
  opened: number;
  rejected: number;
}

/** A badge design of the issuer's image library (domain/badgeImage): the model is JSON, the thumbnail a PNG data URL. */
export interface BadgeImageTable {
  id: Generated<number>;
  issuer_id: number;
  name: string;
  model: Json;
  thumbnail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Issuers that have received the default badge library. */
export interface BadgeLibraryTable {
  issuer_id: number;
  seeded_at: Timestamp;
}

export interface Database {
  badge_images: BadgeImageTable;
  badge_libraries: BadgeLibraryTable;
  campaigns: CampaignTable;
  certificates: CertificateTable;
  certificate_counts: CertificateCountTable;
  jobs: JobTable;
  api_keys: ApiKeyTable;
  issuer_keys: IssuerKeyTable;
  webhook_deliveries: WebhookDeliveryTable;
  mail_deliveries: MailDeliveryTable;
  mail_retry_schedule: MailRetryScheduleTable;
  webhook_secrets: WebhookSecretTable;
  templates: TemplateTable;
  tags: TagTable;
  template_tags: TemplateTagTable;
  issuers: IssuerTable;
  account_verifications: AccountVerificationTable;
  email_counts: EmailCountTable;
  onboarding_answers: OnboardingAnswerTable;
  users: UserTable;
  org_units: OrgUnitTable;
  settings: SettingTable;
  revoked_tokens: RevokedTokenTable;
  login_links: LoginLinkTable;
  outbox: OutboxTable;
  credit_operations: CreditOperationTable;
  validated_issuers: ValidatedIssuerTable;
  billing_products: BillingProductTable;
  billing_prices: BillingPriceTable;
  billing_accounts: BillingAccountTable;
  billing_checkouts: BillingCheckoutTable;
  billing_invoices: BillingInvoiceTable;
  billing_portal_sessions: BillingPortalSessionTable;
  signup_requests: SignUpRequestTable;
  ledger_heads: LedgerHeadTable;
  ledger_leaves: LedgerLeafTable;
  nft_claims: NftClaimTable;
  wallet_offers: WalletOfferTable;
  recipient_codes: RecipientCodeTable;
  correction_requests: CorrectionRequestTable;
  wallet_mail_offers: WalletMailOfferTable;
  certificate_replacements: CertificateReplacementTable;
  certificate_activity: CertificateActivityTable;
  activity_days: ActivityDayTable;
  expiry_reminders: ExpiryReminderTable;
  plan_settings: PlanSettingTable;
  publication_uploads: PublicationUploadTable;
  publication_upload_parts: PublicationUploadPartTable;
  publication_upload_rows: PublicationUploadRowTable;
}

/** A publication sent in parts, until its commit (server/services/publication/parts.ts). */
export interface PublicationUploadTable {
  id: Generated<number>;
  issuer_id: number;
  user_id: number | null;
  template_id: number;
  notes: Generated<string>;
  automated_emailing: Generated<Flag>;
  /** the campaign its commit created: a retried commit answers it */
  campaign_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One received part of an upload: its counts and the hash of its rows (the same part sent again is a no-op). */
export interface PublicationUploadPartTable {
  upload_id: number;
  part_number: number;
  row_count: number;
  recipient_count: number;
  request_hash: string;
}

/** A staged recipient of an upload: its import rows (JSON [language, row][]), in the part's order. */
export interface PublicationUploadRowTable {
  id: Generated<number>;
  upload_id: number;
  part_number: number;
  position: number;
  recipient_key: string;
  rows: string;
}

/** A signed tree head of an issuer's transparency log (server/services/ledger/transparencyLog.ts). */
export interface LedgerHeadTable {
  id: Generated<number>;
  issuer_id: number;
  /** the campaign whose anchoring batch this head closed */
  campaign_id: number | null;
  tree_size: number;
  /** hex SHA-256 */
  root_hash: string;
  previous_head_hash: string | null;
  /** hex SHA-256 of the signed statement */
  head_hash: string;
  /** the verification method of the issuer key that signed */
  key_id: string;
  /** Ed25519 signature of the statement, base64url */
  signature: string;
  created_at: Timestamp;
}

/** A leaf of an issuer's transparency log: an NFT certificate's signed credential, hashed (RFC 6962). */
export interface LedgerLeafTable {
  id: Generated<number>;
  issuer_id: number;
  leaf_index: number;
  certificate_id: number;
  head_id: number;
  leaf_hash: string;
  created_at: Timestamp;
}

/** An NFT certificate claimed into a wallet (13) and maybe revealed (14): server/services/ledger/claims.ts. */
export interface NftClaimTable {
  id: Generated<number>;
  issuer_id: number;
  certificate_id: number;
  leaf_index: number;
  /** checksummed EVM address */
  wallet: string;
  /** the EIP-191 message the wallet signed, and its signature (hex) */
  claim_message: string;
  claim_signature: string;
  claimed_at: Timestamp;
  /** the chain's mint transaction hash (NFT_RPC_URL), null on the transparency log alone */
  mint_transaction: string | null;
  reveal_message: string | null;
  reveal_signature: string | null;
  revealed_at: Timestamp | null;
  reveal_transaction: string | null;
}

/** A one-time offer of a certificate's credential to a wallet (issue 30): server/services/wallets/. */
export interface WalletOfferTable {
  id: Generated<number>;
  issuer_id: number;
  certificate_id: number;
  /**
   * what the offer was made for: 'any' (one offer, any wallet: every offer since the VC-API exchange); the first
   * offers said 'oid4vci'. Which protocol took it is `claimed_protocol`.
   */
  protocol: string;
  /** SHA-256 (base64url) of the pre-authorized code; of the transaction code; of the access token; of the c_nonce */
  code_hash: string;
  tx_code_hash: string | null;
  access_token_hash: string | null;
  c_nonce_hash: string | null;
  /** 'offered' → 'token_issued' → 'claimed' */
  state: string;
  /** wrong transaction codes given; the offer stops at WALLET_OFFER_MAX_ATTEMPTS */
  failed_attempts: Generated<number>;
  /** the DID the claimed copy names as credentialSubject.id */
  holder_did: string | null;
  /** who made the offer (null when made by the system) */
  user_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  token_expires_at: Timestamp | null;
  claimed_at: Timestamp | null;
  /** the protocol that took the offer: 'oid4vci' or 'vcapi' (null until claimed) */
  claimed_protocol: string | null;
  /** SHA-256 of the VC-API exchange's current challenge (null until the wallet starts the exchange) */
  challenge_hash: string | null;
}

/**
 * A code a certificate's public page mailed to its address, proving the visitor holds it (issues 30 and 28):
 * one-time, short-lived; a new one for the same certificate and purpose replaces it.
 */
export interface RecipientCodeTable {
  id: Generated<number>;
  certificate_id: number;
  /** RecipientCodePurpose: 'wallet' | 'correction' */
  purpose: string;
  /** SHA-256 (base64url) of `<certificate key>:<purpose>:<code>` */
  code_hash: string;
  /** wrong codes given; it stops at RECIPIENT_CODE_MAX_ATTEMPTS */
  failed_attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A recipient's request to correct a certificate (issue 28; domain/correctionRequests.ts). */
export interface CorrectionRequestTable {
  id: Generated<number>;
  issuer_id: number;
  certificate_id: number;
  /** JSON {field: {from, to}} */
  changes: string;
  /** the recipient's message */
  message: Generated<string>;
  /** CorrectionState: 'pending' | 'approved' | 'refused' */
  status: string;
  /** the issuer's message (a refusal's, or an approval's note) */
  answer: string | null;
  created_at: Timestamp;
  answered_at: Timestamp | null;
  /** the user who answered; null when approved automatically */
  answered_by: number | null;
  /** 1 when approved automatically (the issuer's auto_approve_corrections) */
  automatic: Generated<Flag>;
  /** the key of the certificate the approval made */
  replacement_key: string | null;
}

/** A wallet offer that went out in a certificate mail (issue 30). */
export interface WalletMailOfferTable {
  offer_id: number;
  certificate_id: number;
  created_at: Timestamp;
}

/** The built-in billing provider's catalogue: a product is a pack of credits that puts the account on a plan. */
export interface BillingProductTable {
  id: string;
  plan: string;
  unit: string;
  credits: number;
  active: Generated<Flag>;
  created_at: Timestamp;
}

export interface BillingPriceTable {
  id: string;
  product_id: string;
  billing_scheme: string;
  /** lower-case ISO 4217 code of the main currency */
  currency: string;
  unit_amount: number | null;
  /** {currency: {unit_amount, tiers}} in minor units */
  currency_options: Json;
  active: Generated<Flag>;
  created_at: Timestamp;
}

export interface BillingAccountTable {
  issuer_id: number;
  /** upper-case ISO 4217 code the account pays in, chosen at its first checkout */
  currency: string;
  created_at: Timestamp;
}

export interface BillingCheckoutTable {
  /** random, unguessable: it is the address of the test-mode checkout page */
  id: string;
  issuer_id: number;
  product_id: string;
  price_id: string;
  currency: string;
  amount: number;
  credits: number;
  status: 'open' | 'complete';
  language: string;
  success_url: string;
  cancel_url: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface BillingInvoiceTable {
  id: Generated<number>;
  issuer_id: number;
  number: string;
  kind: 'pack' | 'upgrade';
  product_id: string;
  currency: string;
  amount: number;
  status: 'paid';
  checkout_id: string | null;
  created_at: Timestamp;
}

export interface BillingPortalSessionTable {
  id: string;
  issuer_id: number;
  return_url: string;
  language: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A self-service sign-up waiting for its emailed link: the issuer is created on the link's first use. */
export interface SignUpRequestTable {
  token_hash: string;
  email: string;
  organisation: string;
  language: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  issuer_id: number | null;
}

export type Issuer = Selectable<IssuerTable>;
export type NewIssuer = Insertable<IssuerTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Template = Selectable<TemplateTable>;
export type NewTemplate = Insertable<TemplateTable>;
export type TemplateUpdate = Updateable<TemplateTable>;
export type Tag = Selectable<TagTable>;
export type ApiKey = Selectable<ApiKeyTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type WebhookDelivery = Selectable<WebhookDeliveryTable>;
export type MailDelivery = Selectable<MailDeliveryTable>;
export type Campaign = Selectable<CampaignTable>;
export type Certificate = Selectable<CertificateTable>;
export type NewCertificate = Insertable<CertificateTable>;
export type Job = Selectable<JobTable>;
export type { ColumnType };
export type CorrectionRequest = Selectable<CorrectionRequestTable>;
