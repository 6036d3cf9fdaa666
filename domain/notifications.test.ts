import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CONTENT_MAX_LENGTH,
  NOTIFICATION_URL_MAX_LENGTH,
  parseNotificationConfig,
  renderNotification,
  validateNotificationConfig,
  type NotificationConfig,
} from './notifications';

const post = (url: string, content = ''): NotificationConfig => ({ url, method: 'POST', content });
const get = (url: string, content = ''): NotificationConfig => ({ url, method: 'GET', content });

describe('notification config rules', () => {
  it('accepts an empty config (no webhook) and a complete one', () => {
    expect(validateNotificationConfig(post(''))).toEqual({});
    expect(validateNotificationConfig(get(''))).toEqual({});
    expect(
      validateNotificationConfig(post('https://hooks.example.org/laurel', '{"campaign": "${campaignId}"}')),
    ).toEqual({});
    expect(validateNotificationConfig(get('http://hooks.example.org/c/${campaignId}?x=1'))).toEqual({});
  });

  it('refuses a URL that does not parse, or is not http(s), or is too long', () => {
    expect(validateNotificationConfig(post('hooks.example.org'))).toEqual({ url: 'invalid_url' });
    expect(validateNotificationConfig(post('https://'))).toEqual({ url: 'invalid_url' });
    expect(validateNotificationConfig(post('ftp://files.example.org/x'))).toEqual({ url: 'unsupported_protocol' });
    expect(validateNotificationConfig(post('javascript:alert(1)'))).toEqual({ url: 'unsupported_protocol' });
    expect(validateNotificationConfig(post('file:///etc/passwd'))).toEqual({ url: 'unsupported_protocol' });
    const long = `https://example.org/${'x'.repeat(NOTIFICATION_URL_MAX_LENGTH)}`;
    expect(validateNotificationConfig(post(long))).toEqual({ url: 'too_long' });
  });

  it('ignores blanks around the URL', () => {
    expect(validateNotificationConfig(post('  https://example.org/hook  '))).toEqual({});
    expect(validateNotificationConfig(post('   '))).toEqual({});
  });

  it('refuses content that is not JSON, content with GET, and overlong content', () => {
    expect(validateNotificationConfig(post('https://example.org', '{campaign: 1}'))).toEqual({
      content: 'invalid_json',
    });
    // the placeholder belongs inside a JSON string
    expect(validateNotificationConfig(post('https://example.org', '{"id": ${campaignId}}'))).toEqual({
      content: 'invalid_json',
    });
    expect(validateNotificationConfig(get('https://example.org', '{"a": 1}'))).toEqual({ content: 'only_for_post' });
    expect(validateNotificationConfig(get('https://example.org', '  '))).toEqual({});
    const long = `"${'x'.repeat(NOTIFICATION_CONTENT_MAX_LENGTH)}"`;
    expect(validateNotificationConfig(post('https://example.org', long))).toEqual({ content: 'too_long' });
  });

  it('refuses an unknown method and reports every field at once', () => {
    expect(validateNotificationConfig({ url: 'nope', method: 'PUT' as 'POST', content: '{' })).toEqual({
      method: 'unknown_method',
      url: 'invalid_url',
      content: 'only_for_post',
    });
  });
});

describe('rendering a notification', () => {
  it('replaces every placeholder in the URL, URL-encoded, and in the content', () => {
    const config = post(
      'https://example.org/hooks/${campaignId}?campaign=${campaignId}',
      '{"id": "${campaignId}", "text": "campaign ${campaignId} published"}',
    );
    expect(renderNotification(config, 42)).toEqual({
      url: 'https://example.org/hooks/42?campaign=42',
      method: 'POST',
      body: '{"id": "42", "text": "campaign 42 published"}',
    });
  });

  it('keeps the URL and the JSON valid whatever the id holds', () => {
    const config = post('https://example.org/hooks?c=${campaignId}', '{"id": "${campaignId}"}');
    const id = 'a&b=c/"quoted"\\\n';
    const rendered = renderNotification(config, id);
    expect(new URL(rendered.url).searchParams.get('c')).toBe(id);
    expect(JSON.parse(rendered.body)).toEqual({ id });
  });

  it('sends no body with GET or with empty content', () => {
    expect(renderNotification(get('https://example.org/${campaignId}'), 7)).toEqual({
      url: 'https://example.org/7',
      method: 'GET',
      body: '',
    });
    expect(renderNotification(post(' https://example.org/ ', ' '), 7).body).toBe('');
    expect(renderNotification(post(' https://example.org/ ', ' '), 7).url).toBe('https://example.org/');
  });
});

describe('reading a stored config', () => {
  it('accepts the stored shape and nothing else', () => {
    expect(parseNotificationConfig({ url: 'https://example.org', method: 'GET', content: '' })).toEqual({
      url: 'https://example.org',
      method: 'GET',
      content: '',
    });
    expect(parseNotificationConfig({ url: 'https://example.org', method: 'POST' })).toEqual({
      url: 'https://example.org',
      method: 'POST',
      content: '',
    });
    expect(parseNotificationConfig(null)).toBeNull();
    expect(parseNotificationConfig('https://example.org')).toBeNull();
    expect(parseNotificationConfig({ url: 'https://example.org', method: 'DELETE' })).toBeNull();
  });
});
