import { coreZhHans } from './core/zh-Hans';
import type { OperatorMessages } from './en';

export const zhHans: OperatorMessages = { ...coreZhHans };
