import { describe, expect, it } from 'vitest';
import { applyMarkup, previewDocument } from './markup';

describe('applyMarkup', () => {
  it('wraps the selection and keeps it selected', () => {
    const edit = applyMarkup('say hello there', 4, 9, 'bold');
    expect(edit.value).toBe('say <strong>hello</strong> there');
    expect(edit.value.slice(edit.start, edit.end)).toBe('hello');
  });

  it('inserts a selected placeholder without a selection', () => {
    const edit = applyMarkup('ab', 1, 1, 'italic');
    expect(edit.value).toBe('a<em>italic text</em>b');
    expect(edit.value.slice(edit.start, edit.end)).toBe('italic text');
  });

  it('turns each selected line into a list item', () => {
    const edit = applyMarkup('one\ntwo\n\nthree', 0, 14, 'list');
    expect(edit.value).toBe('<ul>\n  <li>one</li>\n  <li>two</li>\n  <li>three</li>\n</ul>');
    expect(edit.value.slice(edit.start, edit.end)).toBe('one');
  });

  it('puts the cursor where the address of a link goes', () => {
    const edit = applyMarkup('see docs', 4, 8, 'link');
    expect(edit.value).toBe('see <a href="https://">docs</a>');
    expect(edit.start).toBe(edit.end);
    expect(edit.value.slice(0, edit.start)).toBe('see <a href="https://');
  });

  it('makes a heading', () => {
    expect(applyMarkup('', 0, 0, 'heading').value).toBe('<h2>Heading</h2>');
  });
});

describe('previewDocument', () => {
  it('escapes the title and summary, which are text', () => {
    const doc = previewDocument('<b>Fees</b> & costs', 'a < b', '<p>body</p>');
    expect(doc).toContain('<h1>&lt;b&gt;Fees&lt;/b&gt; &amp; costs</h1>');
    expect(doc).toContain('<p class="summary">a &lt; b</p>');
    expect(doc).toContain('<p>body</p>');
    expect(doc).toContain("default-src 'none'");
  });
});
