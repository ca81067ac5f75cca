import { TOAST_MS } from '@tradeapp/contract';
import { Toast } from 'antd-mobile';

/** Toasts last 2 seconds (spec section 8). */
export function showToast(content: string, icon?: 'success' | 'fail'): void {
  if (!content) return;
  Toast.show({ content, duration: TOAST_MS, ...(icon ? { icon } : {}) });
}
