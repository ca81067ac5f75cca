// The body toolbar's edits: pure functions from the textarea's text and selection to the new text
// and the new selection, so the operator keeps typing where it makes sense.

export interface Edit {
  value: string;
  /** The selection after the edit. */
  start: number;
  end: number;
}

export type MarkupAction = 'bold' | 'italic' | 'heading' | 'list' | 'link';

const WRAPS: Record<'bold' | 'italic' | 'heading', [string, string, string]> = {
  bold: ['<strong>', '</strong>', 'bold text'],
  italic: ['<em>', '</em>', 'italic text'],
  heading: ['<h2>', '</h2>', 'Heading'],
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Wraps the selection (or a placeholder, selected) in the tags of `action`. */
export function applyMarkup(value: string, start: number, end: number, action: MarkupAction): Edit {
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);

  if (action === 'list') {
    const lines = (selected || 'List item').split('\n').filter((line) => line.trim() !== '');
    const items = lines.map((line) => `  <li>${line.trim()}</li>`).join('\n');
    const block = `<ul>\n${items}\n</ul>`;
    // Select the first item's text so the operator can type over a placeholder.
    const firstStart = before.length + '<ul>\n  <li>'.length;
    return { value: before + block + after, start: firstStart, end: firstStart + (lines[0] ?? '').trim().length };
  }

  if (action === 'link') {
    const text = selected || 'link text';
    const open = '<a href="https://';
    const inserted = `${open}">${text}</a>`;
    // The address is what is missing: put the cursor there.
    const cursor = before.length + open.length;
    return { value: before + inserted + after, start: cursor, end: cursor };
  }

  const [openTag, closeTag, placeholder] = WRAPS[action];
  const text = selected || placeholder;
  const innerStart = before.length + openTag.length;
  return { value: before + openTag + text + closeTag + after, start: innerStart, end: innerStart + text.length };
}

/**
 * An article as a reader sees it, for the preview frame, in the language `lang` (a BCP 47 tag).
 * Only `bodyHtml` is HTML (already sanitised).
 */
export function previewDocument(title: string, summary: string, bodyHtml: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeText(lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'">
<style>
body { margin: 0; padding: 20px 22px; font: 15px/1.65 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a; }
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 8px; }
.summary { color: #475569; margin: 0 0 16px; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; }
th, td { border: 1px solid #e2e8f0; padding: 4px 8px; }
a { color: #2563eb; }
blockquote { margin: 0 0 0 4px; padding-left: 12px; border-left: 3px solid #cbd5e1; color: #475569; }
</style>
</head>
<body>
<h1>${escapeText(title)}</h1>
${summary ? `<p class="summary">${escapeText(summary)}</p>` : ''}
${bodyHtml}
</body>
</html>`;
}
