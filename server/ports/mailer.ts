export interface MailAddress {
  name: string;
  address: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  /** the image's Content-ID, for an inline image the HTML part shows as `cid:<cid>` */
  cid?: string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the issuer's sender; the server's MAIL_FROM when absent */
  from?: MailAddress;
  replyTo?: MailAddress;
  /** sent over SMTP; the outbox table keeps no files, so a message with attachments names them in its text */
  attachments?: MailAttachment[];
  /**
   * The unique part of the Message-ID, fixed when the message is queued: a message sent again after a worker died
   * between the mail server's acceptance and the job's completion carries the same Message-ID, which mail servers
   * and clients use to drop the second copy. Absent: nodemailer makes a new one at each send.
   */
  messageId?: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps messages in the outbox table (the embedded default). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
