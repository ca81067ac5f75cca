import { msg } from '../i18n/messages';
import { showToast } from './toast';

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.body.removeChild(area);
  }
}

/** Copies and toasts "copy success" (or "operation failed"). */
export async function copyText(text: string): Promise<boolean> {
  let ok: boolean;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      ok = true;
    } else {
      ok = legacyCopy(text);
    }
  } catch {
    ok = legacyCopy(text);
  }
  showToast(msg(ok ? 'e.copySuccess' : 'e.operationFailed'), ok ? 'success' : 'fail');
  return ok;
}
