import { coreNl } from './core/nl';
import type { OperatorMessages } from './en';

export const nl: OperatorMessages = { ...coreNl };
