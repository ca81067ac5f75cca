import { describe, expect, it } from 'vitest';
import { allowedWebviewUrl } from './allowlist';

const ORIGIN = 'https://app.example.test';
const LIST = ['/help/', 'https://partner.example.org/docs/', 'https://status.example.org'];
const check = (raw: string | null | undefined) => allowedWebviewUrl(raw, LIST, ORIGIN);

describe('allowedWebviewUrl', () => {
  it('opens relative paths under an allowlisted prefix, resolved on the app origin', () => {
    expect(check('/help/how-to-deposit')).toBe('https://app.example.test/help/how-to-deposit');
    expect(check('/help/guides/margin?lang=nl#top')).toBe('https://app.example.test/help/guides/margin?lang=nl#top');
    expect(check('  /help/faq  ')).toBe('https://app.example.test/help/faq');
  });

  it('opens absolute URLs under an allowlisted prefix', () => {
    expect(check('https://partner.example.org/docs/fees')).toBe('https://partner.example.org/docs/fees');
    expect(check('https://app.example.test/help/x')).toBe('https://app.example.test/help/x');
    expect(check('https://status.example.org')).toBe('https://status.example.org/');
    expect(check('https://status.example.org/incidents')).toBe('https://status.example.org/incidents');
  });

  it('refuses anything else', () => {
    expect(check('https://example.com/')).toBeNull();
    expect(check('/pages/home/index')).toBeNull();
    expect(check('/helpdesk')).toBeNull();
    expect(check('/help')).toBeNull();
    expect(check('https://partner.example.org/docsevil')).toBeNull();
    expect(check('https://partner.example.org/')).toBeNull();
    expect(check('https://status.example.org.evil.com/')).toBeNull();
    expect(check('https://status.example.orgevil/')).toBeNull();
    expect(check('http://partner.example.org/docs/fees')).toBeNull();
    expect(check('')).toBeNull();
    expect(check(null)).toBeNull();
    expect(check(undefined)).toBeNull();
  });

  it('refuses script, data and other schemes however they are spelt', () => {
    expect(check('javascript:alert(1)')).toBeNull();
    expect(check('JaVaScRiPt:alert(1)')).toBeNull();
    expect(check(' java\tscript:alert(1)')).toBeNull();
    expect(check('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(check('vbscript:msgbox(1)')).toBeNull();
    expect(check('file:///etc/passwd')).toBeNull();
  });

  it('refuses protocol-relative and backslash tricks', () => {
    expect(check('//evil.com/help/x')).toBeNull();
    expect(check('///evil.com/help/x')).toBeNull();
    expect(check('/\\evil.com/help/x')).toBeNull();
    expect(check('\\\\evil.com\\help')).toBeNull();
    expect(check('https:evil.com/help/')).toBeNull();
  });

  it('refuses parent-directory escapes, plain or encoded', () => {
    expect(check('/help/../pages/home/index')).toBeNull();
    expect(check('/help/%2e%2e/admin')).toBeNull();
    expect(check('/help/.%2e/admin')).toBeNull();
    expect(check('/help/..%2fadmin')).toBeNull();
    expect(check('/help/..%5cadmin')).toBeNull();
    expect(check('https://partner.example.org/docs/../admin')).toBeNull();
  });

  it('refuses credentials and host confusion', () => {
    expect(check('https://partner.example.org@evil.com/docs/')).toBeNull();
    expect(check('https://user:pw@partner.example.org/docs/x')).toBeNull();
  });

  it('refuses control characters', () => {
    expect(check('/help/x\u0000y')).toBeNull();
    expect(check('/help/x\ny')).toBeNull();
  });

  it('refuses everything when the allowlist is empty', () => {
    expect(allowedWebviewUrl('/help/how-to-deposit', [], ORIGIN)).toBeNull();
  });
});
