import { TOAST_MS } from '@tradeapp/contract';
import { Toast } from 'antd-mobile';
import '../lib/antdRender';

/**
 * Toasts last 2 seconds (spec section 8). They show near the top, under the navigation bar, away from
 * the bottom action bars and the tab bar, and let taps through (app/global.css, `.adm-toast-*`).
 */
export function showToast(content: string, icon?: 'success' | 'fail'): void {
  if (!content) return;
  Toast.show({ content, duration: TOAST_MS, position: 'top', ...(icon ? { icon } : {}) });
}
